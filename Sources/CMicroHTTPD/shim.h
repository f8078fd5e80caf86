#ifndef NAVBUS_CMICROHTTPD_SHIM_H
#define NAVBUS_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* Swift cannot call C variadic functions, and the cast macros below do not import: these wrappers give
   navbus-web the few calls it needs with fixed arguments. */

static const uint64_t navbus_mhd_size_unknown = MHD_SIZE_UNKNOWN;
static const ssize_t navbus_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t navbus_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;

static inline struct MHD_Daemon *navbus_mhd_start(
    unsigned int flags, const struct sockaddr *address, unsigned int connection_limit,
    unsigned int connection_timeout_seconds, MHD_AccessHandlerCallback handler, void *handler_context) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                          MHD_OPTION_END);
}

static inline uint16_t navbus_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
#endif
