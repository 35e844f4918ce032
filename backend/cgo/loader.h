#include "rt.h"
void *myia_dlopen(const char *path, char *err, size_t errlen);
void *myia_dlsym(void *h, const char *name);
int myia_dlclose(void *h);
int myia_call(void *fn, myia_ctx *ctx, const uint64_t *in, uint64_t *out);
int myia_call_int(void *fn);
int64_t myia_call_i64(void *fn);
void myia_ctx_init(myia_ctx *ctx, uintptr_t handle, int64_t maxdepth);
void myia_call_free(void *fn, uint64_t a);
int64_t myia_call_live(void *fn);
/* myia_array_info reads an array made by the runtime (rtarray.h's layout). */
void myia_array_info(uint64_t a, int64_t *dtype, int64_t *ndim, int64_t *shape, int64_t *size, void **data);
