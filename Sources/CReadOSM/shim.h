#ifndef NAVBUS_CREADOSM_SHIM_H
#define NAVBUS_CREADOSM_SHIM_H
#include <readosm.h>
#endif
