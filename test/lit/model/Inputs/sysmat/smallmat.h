// A small vector and matrix library included as a system header, as glm
// is from /usr/include: the analyzer does not follow its methods' bodies.
struct vec2 {
  float x, y;
  __device__ float &operator[](int i) { return i == 0 ? x : y; }
};
struct mat2 {
  vec2 c[2];
  __device__ vec2 &operator[](int i) { return c[i]; }
};
// A view of memory the kernel is given: it holds a pointer.
struct view {
  float *p;
  __device__ float &operator[](int i) { return p[i]; }
};
