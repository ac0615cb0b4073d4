// The subcommands of the contactlab tool. Each returns the process exit code:
// 0 success, 1 the problem has no answer (lcp) or an exercise's self-test found an
// answer with another score than stated (grade --self-test), 2 bad arguments, a bad
// scene or a broken exercise, 3 an output file could not be written (run, grade);
// main() adds 4, memory ran out.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace contactlab {

int run_run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_link_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_exercise_link_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_grade_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace contactlab
