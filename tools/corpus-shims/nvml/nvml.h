// The few NVML names a measured program uses only to print the memory
// clock (BabelStream's CUDA model), so it builds where the NVML headers
// and library are not installed. Every call succeeds; the clock reads 0.
#pragma once

typedef enum { NVML_SUCCESS = 0 } nvmlReturn_t;
typedef enum { NVML_CLOCK_MEM = 2 } nvmlClockType_t;
typedef struct nvmlDevice_st *nvmlDevice_t;

inline nvmlReturn_t nvmlInit() { return NVML_SUCCESS; }
inline const char *nvmlErrorString(nvmlReturn_t) { return "NVML shim"; }
inline nvmlReturn_t nvmlDeviceGetHandleByPciBusId(const char *,
                                                  nvmlDevice_t *Device) {
  *Device = nullptr;
  return NVML_SUCCESS;
}
inline nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t, nvmlClockType_t,
                                           unsigned *Clock) {
  *Clock = 0;
  return NVML_SUCCESS;
}
