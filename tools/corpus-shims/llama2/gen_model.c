/* A llama2.c checkpoint of stories15M's shape (dim 288, hidden 768, 6
   layers, 6 heads, vocabulary 32000, 256 positions, shared classifier)
   with pseudo-random weights, for running llama2.cu without a download. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state = 88172645463325252ull;
static float next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return ((float)(state >> 40) / (float)(1ull << 24) - 0.5f) * 0.04f;
}

int main(int argc, char **argv) {
  int config[7] = {288, 768, 6, 6, 6, 32000, 256};
  int dim = config[0], hidden = config[1], layers = config[2];
  int heads = config[3], vocab = config[5], seq = config[6];
  long long n = (long long)vocab * dim + layers * dim +
                4LL * layers * dim * dim + layers * dim +
                3LL * layers * dim * hidden + dim +
                2LL * seq * (dim / heads) / 2;
  FILE *f = fopen(argc > 1 ? argv[1] : "model.bin", "wb");
  if (!f)
    return 1;
  fwrite(config, sizeof config, 1, f);
  for (long long i = 0; i < n; ++i) {
    float v = next();
    fwrite(&v, sizeof v, 1, f);
  }
  return fclose(f) != 0;
}
