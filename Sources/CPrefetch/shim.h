#ifndef NAVBUS_CPREFETCH_SHIM_H
#define NAVBUS_CPREFETCH_SHIM_H
/* A cache prefetch hint, which Swift has no spelling for: the customization sweep asks for the next lower
   neighbour's edges while it relaxes the current one's. A hint only: it never faults and changes no result. */
static inline void navbus_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
#endif
