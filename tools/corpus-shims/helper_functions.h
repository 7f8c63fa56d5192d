#pragma once
#include "helper_timer.h"
