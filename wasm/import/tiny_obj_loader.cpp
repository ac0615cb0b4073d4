// tinyobjloader is a single header (Debian's libtinyobjloader-dev); its implementation
// is compiled here for the import module, with doubles as the native library has them.
#define TINYOBJLOADER_IMPLEMENTATION
#include <tiny_obj_loader.h>
