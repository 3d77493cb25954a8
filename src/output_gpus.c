/* output_gpus.c - --list-gpus: the GPU database as two tables. */
#include "config.h"

#include "output.h"

#include "strutil.h"

void output_gpu_list(FILE *out, const struct gpu_db *db)
{
	char cc[16], name[GPU_NAME_MAX * 4], aliases[1024];

	fprintf(out, "%-46s %-5s %-7s %5s  %-11s %s\n", "DEVICE", "CC", "ARCH", "SMS", "SEGMENT", "ALIASES");
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu g;
		if (!gpu_db_device_at(db, i, &g))
			continue;
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		str_sanitize(g.name, name, sizeof(name));
		str_sanitize(g.aliases, aliases, sizeof(aliases));
		fprintf(out, "%-46s %-5s %-7s %5d  %-11s %s\n", name, cc, g.arch.arch, g.sm_count,
			g.segment, aliases);
	}
	fprintf(out, "\n%-7s %-5s %-10s %5s %5s %6s %6s %7s %7s %5s %4s %8s %8s %5s %5s %4s\n",
		"ARCH", "CC", "FAMILY", "THR", "WARPS", "BLOCKS", "THR/B", "REGS", "REGS/B", "R/THR",
		"SUBP", "SMEM", "SMEM/B+", "UNIT", "RSVD", "BARS");
	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		gpu_arch_cc_string(a, cc, sizeof(cc));
		fprintf(out, "%-7s %-5s %-10s %5d %5d %6d %6d %7d %7d %5d %4d %8lld %8lld %5d %5d %4d\n",
			a->arch, cc, a->family, a->max_threads_per_sm, a->max_warps_per_sm,
			a->max_blocks_per_sm, a->max_threads_per_block, a->regs_per_sm, a->regs_per_block,
			a->max_regs_per_thread, a->sm_subpartitions, (long long)a->smem_per_sm_bytes,
			(long long)a->smem_per_block_optin_bytes, a->smem_alloc_unit_bytes,
			a->smem_reserved_per_block_bytes, a->barriers_per_sm);
	}
	fprintf(out, "\nSMEM/B+: opt-in shared memory per block; RSVD: bytes the driver reserves per block;\n"
		"BARS: barriers per SM (0: not an occupancy limit). Sources: occview-formats(5), "
		"provenance column of the database.\n");
}
