#pragma once
#define SYS_HEADER_FOUND 1
