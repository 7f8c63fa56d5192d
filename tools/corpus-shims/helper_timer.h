// A stand-in for the timer helpers these programs include (host timing
// only; the kernels do not use it), written for the corpus layout.
#pragma once
#include <chrono>
struct StopWatchInterface {
  std::chrono::steady_clock::time_point Start;
  double Total = 0;
  int Runs = 0;
};
inline bool sdkCreateTimer(StopWatchInterface **T) { *T = new StopWatchInterface; return true; }
inline bool sdkDeleteTimer(StopWatchInterface **T) { delete *T; *T = nullptr; return true; }
inline bool sdkStartTimer(StopWatchInterface **T) { (*T)->Start = std::chrono::steady_clock::now(); return true; }
inline bool sdkStopTimer(StopWatchInterface **T) {
  (*T)->Total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - (*T)->Start).count();
  ++(*T)->Runs;
  return true;
}
inline bool sdkResetTimer(StopWatchInterface **T) { (*T)->Total = 0; (*T)->Runs = 0; return true; }
inline float sdkGetTimerValue(StopWatchInterface **T) { return float((*T)->Total); }
inline float sdkGetAverageTimerValue(StopWatchInterface **T) { return (*T)->Runs ? float((*T)->Total / (*T)->Runs) : 0.f; }
