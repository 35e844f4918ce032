package infer_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
)

var errorHeader = regexp.MustCompile(`^# error: (\d+):(\d+): (.+)$`)

// runtimeOnly are the error files whose error depends on values known
// only at run time: inference must accept them.
var runtimeOnly = map[string]bool{
	"run_assert_message": true, "run_assert_plain": true, "run_div_zero_float": true,
	"run_div_zero_int": true, "run_exp_range": true, "run_floordiv_zero_float": true,
	"run_floordiv_zero_int": true, "run_int_huge_float": true, "run_log_domain": true,
	"run_mod_zero_float": true, "run_mod_zero_int": true, "run_negative_exponent": true,
	"run_overflow_add": true, "run_overflow_mul": true, "run_overflow_neg": true,
	"run_overflow_pow": true, "run_recursion_depth": true, "run_sqrt_domain": true,
	"run_tuple_index": true, "run_tuple_index_const": true, "run_tuple_negative_index": true, "run_list_index": true,
	"run_unbound_loop": true, "run_unbound_branch": true, "run_unbound_closure": true,
	"run_list_index_loop": true, "run_order_assert_before_div": true, "run_order_assert_folded": true, "run_order_print_before_div": true,
	"run_unpack_list": true, "run_unpack_array": true,
	"run_assert_not_none": true, "run_list_slice_step_zero": true,
	"run_lambda_arity": true, "run_range_step_zero_loop": true,
	"run_assert_under_grad": true, "run_log_domain_grad": true,
	"run_sqrt_domain_grad": true, "run_pow_fractional_grad": true,
	"run_assert_guards_index": true, "run_assert_guards_list": true,
	"call_min_empty": true, "call_max_empty_list": true,
}

// TestErrors infers main() of every tests/errors/*.py that the frontend
// accepts: a type error must be reported by inference, before anything
// runs, at the position the file's header gives; an error that only a
// run can find must not be.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("../tests/errors/*.py")
	arrays, _ := filepath.Glob("../tests/corpus/arrays/errors/*.py")
	files = append(files, arrays...)
	if len(files) == 0 {
		t.Skip("no tests/errors")
	}
	caught := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".py")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(src), "\n")
			m := errorHeader.FindStringSubmatch(strings.TrimSpace(first))
			if m == nil {
				t.Fatalf("no `# error: LINE:COL: SUBSTRING` header")
			}
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
			if err != nil {
				t.Skip("an error of the frontend")
			}
			// As the joins pass, the first inference: the statements
			// whose value is unused are typed too.
			_, err = infer.Infer(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD, Unused: true})
			if runtimeOnly[name] {
				if err != nil {
					t.Fatalf("inference reports an error only a run can find:\n%s", p.Module.Sources.Format(err))
				}
				return
			}
			if err == nil {
				t.Fatalf("inference reports no error, want one at %d:%d containing %q", line, col, m[3])
			}
			list := err.(ir.ErrorList)
			e := list[0]
			if e.Pos.File != file || e.Pos.Line != line || e.Pos.Col != col || !strings.Contains(e.Msg, m[3]) {
				t.Fatalf("first error is\n%s\nwant one at %d:%d containing %q", p.Module.Sources.Format(err), line, col, m[3])
			}
			caught++
			formatted := p.Module.Sources.Format(err)
			if !strings.Contains(formatted, "^\n") {
				t.Errorf("no caret in\n%s", formatted)
			}
			if strings.HasPrefix(name, "infer_") && strings.Contains(m[3], "different types") && !strings.Contains(formatted, ": note: ") {
				t.Errorf("a conflict must point to the other place with a note; got\n%s", formatted)
			}
		})
	}
	t.Logf("%d type errors reported by inference", caught)
}

var _ = infer.Run
