#include <malloc.h>
#include "CShim.h"

GType CShim_G_TYPE_BOOLEAN(void) { return G_TYPE_BOOLEAN; }
GType CShim_G_TYPE_INT(void) { return G_TYPE_INT; }
GType CShim_G_TYPE_UINT64(void) { return G_TYPE_UINT64; }
GType CShim_G_TYPE_DOUBLE(void) { return G_TYPE_DOUBLE; }
GType CShim_G_TYPE_STRING(void) { return G_TYPE_STRING; }
GType CShim_G_TYPE_ENUM(void) { return G_TYPE_ENUM; }
GType CShim_G_TYPE_FLAGS(void) { return G_TYPE_FLAGS; }
GType CShim_G_TYPE_OBJECT(void) { return G_TYPE_OBJECT; }

GType CShim_VIPS_TYPE_IMAGE(void) { return VIPS_TYPE_IMAGE; }
GType CShim_VIPS_TYPE_SOURCE(void) { return VIPS_TYPE_SOURCE; }
GType CShim_VIPS_TYPE_TARGET(void) { return VIPS_TYPE_TARGET; }
GType CShim_VIPS_TYPE_INTERPOLATE(void) { return VIPS_TYPE_INTERPOLATE; }
GType CShim_VIPS_TYPE_ARRAY_DOUBLE(void) { return VIPS_TYPE_ARRAY_DOUBLE; }
GType CShim_VIPS_TYPE_ARRAY_INT(void) { return VIPS_TYPE_ARRAY_INT; }
GType CShim_VIPS_TYPE_ARRAY_IMAGE(void) { return VIPS_TYPE_ARRAY_IMAGE; }
GType CShim_VIPS_TYPE_BLOB(void) { return VIPS_TYPE_BLOB; }

GType CShim_g_type_fundamental(GType type) { return G_TYPE_FUNDAMENTAL(type); }
gboolean CShim_g_type_is_a(GType type, GType is_a) { return g_type_is_a(type, is_a); }

int CShim_malloc_set_arena_max(int arenas) { return mallopt(M_ARENA_MAX, arenas); }
