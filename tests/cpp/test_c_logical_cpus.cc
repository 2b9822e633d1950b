// The C ABI's logical-CPU configuration, in a process whose device set does not exist yet
// (the tests run in order: each leaves the set unmade until the last one makes it).
#include <climits>
#include <string>

#include "c_status.h"
#include "check.h"
#include "varrt/varrt_c.h"

TEST(counts_outside_the_documented_range_are_invalid_and_change_nothing) {
  Status st;
  CHECK(varrt_configure_logical_cpus(2, st.s) == 1 && st.code() == VARRT_OK);
  for (int count : {-5, -1, INT_MIN, VARRT_MAX_LOGICAL_CPUS + 1, 10000000, INT_MAX}) {
    CHECK(varrt_configure_logical_cpus(count, st.s) == -1);
    CHECK(st.code() == VARRT_INVALID_ARGUMENT);
    CHECK(st.message() == "Cannot split the CPU into " + std::to_string(count) +
                              " logical devices: the number must be between 0 and " +
                              std::to_string(VARRT_MAX_LOGICAL_CPUS));
  }
  CHECK(varrt_configure_logical_cpus(-5, nullptr) == -1);  // no status to fill: still refused
}

TEST(zero_is_accepted_and_leaves_no_device_as_in_tensorflow) {
  Status st;
  CHECK(varrt_configure_logical_cpus(0, st.s) == 1 && st.code() == VARRT_OK);
  CHECK(varrt_num_devices(st.s) == -1);
  CHECK(st.code() == VARRT_NOT_FOUND && st.message() == "No CPU devices are available in this process");
}

TEST(the_maximum_is_accepted_and_the_last_count_applied_is_used) {
  Status st;
  CHECK(varrt_configure_logical_cpus(VARRT_MAX_LOGICAL_CPUS, st.s) == 1 && st.code() == VARRT_OK);
  CHECK(varrt_configure_logical_cpus(3, st.s) == 1);
  CHECK(varrt_configure_logical_cpus(-5, st.s) == -1);  // refused: the 3 stays
  CHECK(varrt_num_devices(st.s) == 3);
  CHECK(std::string(varrt_device_name(2)) == "/job:localhost/replica:0/task:0/device:CPU:2");
  CHECK(varrt_configure_logical_cpus(2, st.s) == 0 && st.code() == VARRT_OK);  // too late now
  CHECK(varrt_num_devices(st.s) == 3);
}

TEST_MAIN()
