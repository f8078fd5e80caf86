#ifndef NAVBUS_CZEROMQ_SHIM_H
#define NAVBUS_CZEROMQ_SHIM_H
#include <zmq.h>
#endif
