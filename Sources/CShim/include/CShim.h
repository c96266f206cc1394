// Prefixed, logic-free helpers for what Swift cannot reach in the C headers:
// GType macros (G_TYPE_INT, VIPS_TYPE_IMAGE, ...), type-class tests, and mallopt.
#ifndef CSHIM_H
#define CSHIM_H

#include <vips/vips.h>

GType CShim_G_TYPE_BOOLEAN(void);
GType CShim_G_TYPE_INT(void);
GType CShim_G_TYPE_UINT64(void);
GType CShim_G_TYPE_DOUBLE(void);
GType CShim_G_TYPE_STRING(void);
GType CShim_G_TYPE_ENUM(void);
GType CShim_G_TYPE_FLAGS(void);
GType CShim_G_TYPE_OBJECT(void);

GType CShim_VIPS_TYPE_IMAGE(void);
GType CShim_VIPS_TYPE_SOURCE(void);
GType CShim_VIPS_TYPE_TARGET(void);
GType CShim_VIPS_TYPE_INTERPOLATE(void);
GType CShim_VIPS_TYPE_ARRAY_DOUBLE(void);
GType CShim_VIPS_TYPE_ARRAY_INT(void);
GType CShim_VIPS_TYPE_ARRAY_IMAGE(void);
GType CShim_VIPS_TYPE_BLOB(void);

/// G_TYPE_FUNDAMENTAL / G_TYPE_IS_ENUM / G_TYPE_IS_FLAGS as functions.
GType CShim_g_type_fundamental(GType type);
gboolean CShim_g_type_is_a(GType type, GType is_a);

/// mallopt(M_ARENA_MAX, arenas): <malloc.h> is not in Swift's Glibc module.
int CShim_malloc_set_arena_max(int arenas);

#endif
