/* Benchmark-only: CPU time per mj_step of an MJCF model after it settles.
   Usage: time_steps MODEL.xml SETTLE_STEPS MEASURED_STEPS; prints microseconds a step. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: time_steps MODEL.xml SETTLE_STEPS MEASURED_STEPS\n");
    return 2;
  }
  char error[1000] = "";
  mjModel* model = mj_loadXML(argv[1], NULL, error, sizeof(error));
  if (!model) {
    fprintf(stderr, "%s: %s\n", argv[1], error);
    return 1;
  }
  mjData* data = mj_makeData(model);
  const long settle = atol(argv[2]);
  const long measured = atol(argv[3]);
  for (long s = 0; s < settle; ++s) mj_step(model, data);
  const clock_t start = clock();
  for (long s = 0; s < measured; ++s) mj_step(model, data);
  const double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  printf("%.3f %d\n", 1e6 * seconds / (double)measured, data->ncon);
  mj_deleteData(data);
  mj_deleteModel(model);
  return 0;
}
