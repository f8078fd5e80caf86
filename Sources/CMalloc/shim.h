#ifndef NAVBUS_CMALLOC_SHIM_H
#define NAVBUS_CMALLOC_SHIM_H
/* glibc's allocator controls (malloc_trim); Swift's Glibc module does not export <malloc.h>. */
#include <malloc.h>
#endif
