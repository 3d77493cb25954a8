/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine_params.c - which launch parameters an engine takes, as the
 * parameter table says (params.h's vendor column): a file of its own, since
 * the table asks the engine for its ranges. */
#include "config.h"

#include "engine.h"

#include "params.h"

bool engine_takes(const struct engine *e, int p)
{
	return param_applies((enum launch_param)p, e->family == ENGINE_NVIDIA ? GPU_NVIDIA : GPU_AMD);
}
