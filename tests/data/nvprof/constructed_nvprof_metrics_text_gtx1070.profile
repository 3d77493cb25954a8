==31907== NVPROF is profiling process 31907, command: ./rotate.o 1024
==31907== Some kernel(s) will be replayed on device 0 in order to collect all events/metrics.
==31907== Profiling application: ./rotate.o 1024
==31907== Profiling result:
==31907== Metric result:
Invocations                               Metric Name                            Metric Description         Min         Max         Avg
Device "GeForce GTX 1070 (0)"
    Kernel: void gridkit::transform_kernel<unsigned char, RotateFunctor>(gridkit::tile_iterator<unsigned char, gridkit::device_allocator<gridkit::tile_iterator>>*, gridkit::launch_config, RotateFunctor)
          1                      dram_read_throughput                 Device Memory Read Throughput  412.08MB/s  412.08MB/s  412.08MB/s
          1                        achieved_occupancy                            Achieved Occupancy    0.871563    0.871563    0.871563
          1                         shared_efficiency                      Shared Memory Efficiency      50.00%      50.00%      50.00%
          1                            gld_efficiency                 Global Memory Load Efficiency     100.00%     100.00%     100.00%
          1                            gst_efficiency                Global Memory Store Efficiency      80.00%      80.00%      80.00%
          1      shared_load_transactions_per_request   Shared Memory Load Transactions Per Request    2.000000    2.000000    2.000000
          1                         branch_efficiency                             Branch Efficiency      96.15%      96.15%      96.15%
