package main

import (
	"fmt"
	"time"

	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/vm"
	"github.com/spf13/cobra"
)

func newRunCmd() *cobra.Command {
	var (
		entry, args string
		sig         string
		asJSON      bool
		bench       int
		maxDepth    int
		level       int
		backend     string
	)
	cmd := &cobra.Command{
		Use:   "run FILE.py",
		Short: "Compile a file and call its main() (or --entry NAME) on the VM",
		Long: `Compile FILE.py and call a function of it on the VM: main() unless --entry
names another one.

Arguments come from --args, a JSON array: numbers with a fraction or an
exponent are floats, other numbers ints, arrays tuples, null None. Without
--args, an entry NAME that takes parameters gets them from a function
NAME_inputs() of the same file, which takes none and returns the tuple of
arguments; it is called once, outside any timing.

Before it runs, the entry is type-checked from the types of its arguments
(type errors are reported with their positions, and nothing runs): the
types --sig gives, "float, int, tuple[float, float]" (int, float, bool,
None, str, tuple[...], list[...]), else those of the values of --args,
else the entry's Python annotations, def f(x: float, n: int). With both
--sig and --args, each argument must have its --sig type or widen to it
(bool to int, int to float, a tuple to a list), and is converted.

print(...) in the program prints as CPython does. Then, like Python's REPL,
run prints the repr of the entry's result unless it is None; with --json it
always prints the result as one line of JSON (tuples and lists as arrays,
None as null).

With --bench N the entry runs once as a warm-up (its prints shown), then N
more times without output, and a last line reports the compile time and the
median run time:
  bench: compile_ms=X median_us=Y runs=N

--backend c or llvm runs the typed entry as native code (backend/cgo,
backend/llvm: docs/backends.md) instead of on the VM, with the same output;
the entry must be typed (--sig, --args or annotations). A construct a
native backend does not take is a positioned error, exit status 1. With
--bench, only the native calls are timed; compile_ms includes the C
compiler or LLVM's tools, and the bench line says whether the object came
from the cache (cached=true).

-O sets the optimization level: -O2 (the default) runs every pass of the
optimizer (package opt), -O1 inlining and the local rewrites, -O0 none.

Warnings go to stderr. Errors in the program are reported as
FILE:LINE:COL: error: MESSAGE with the source line, exit status 1; an
internal compiler error exits with status 2 (MYIA_DEBUG=1 shows its stack).`,
		Example: `  myia run examples/newton.py
  myia run prog.py --entry f --args '[1, 2.5, [3, 4]]' --json
  myia run prog.py --entry f --args '[2, 3]' --sig "float, int"
  myia run tests/corpus/bench_fib.py --entry fib --bench 20
  myia run bench/ode_scalar.py --backend c`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return guard(cmd, func() error {
				return run(cmd, files[0], entry, args, cmd.Flags().Changed("args"), sig, cmd.Flags().Changed("sig"), asJSON, bench, maxDepth, level, backend)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&entry, "entry", "main", "the function to call")
	f.StringVar(&args, "args", "", "the arguments, as a JSON array (default: none, or NAME_inputs())")
	f.StringVar(&sig, "sig", "", `the types of the entry's arguments, as "float, int, tuple[float, float]" (default: from --args, else from the annotations)`)
	f.BoolVar(&asJSON, "json", false, "print the result as one line of JSON")
	f.IntVar(&bench, "bench", 0, "after a warm-up, time N runs and print a bench: line")
	f.IntVar(&maxDepth, "max-depth", 0, "the VM's call depth limit (0: the VM's default)")
	f.IntVarP(&level, "opt", "O", 2, "optimization level: -O0 (none), -O1 or -O2")
	f.StringVar(&backend, "backend", "vm", "where the entry runs: vm, c (native, through the C compiler) or llvm (native, through LLVM)")
	return cmd
}

func run(cmd *cobra.Command, file, entry, argText string, haveArgs bool, sigText string, haveSig, asJSON bool, bench, maxDepth, level int, backend string) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if bench < 0 {
		return fmt.Errorf("--bench must be positive, got %d", bench)
	}
	if err := checkLevel(stderr, level); err != nil {
		return err
	}
	if !contains(myia.Backends, backend) {
		fmt.Fprintf(stderr, "myia: --backend must be vm, c or llvm, got %q\n", backend)
		return exitError(1)
	}
	var sig []infer.Type
	if haveSig {
		var err error
		if sig, err = myia.ParseSig(sigText); err != nil {
			fmt.Fprintf(stderr, "myia: %v\n", err)
			return exitError(1)
		}
	}
	var args []vm.Value
	if haveArgs {
		var err error
		if args, err = myia.ParseArgs(argText); err != nil {
			fmt.Fprintf(stderr, "myia: %v\n", err)
			return exitError(1)
		}
	}
	types, err := myia.ArgTypes(sig, args)
	if err != nil {
		fmt.Fprintf(stderr, "myia: %v\n", err)
		return exitError(1)
	}
	start := time.Now()
	p, err := compile(cmd, file, myia.Config{Opt: level, Entry: entry, ArgTypes: types})
	if err != nil {
		return err
	}
	compileTime := time.Since(start)
	opt := myia.RunOptions{Stdout: stdout, MaxDepth: maxDepth}
	if !haveArgs {
		if args, err = p.EntryArgs(entry, opt); err != nil {
			return report(stderr, p.Module.Sources, err)
		}
	}
	if sig != nil {
		if args, err = myia.CoerceArgs(args, sig); err != nil {
			fmt.Fprintf(stderr, "myia: %v\n", err)
			return exitError(1)
		}
	}
	var result vm.Value
	var times []time.Duration
	var native *myia.Native
	if backend == "vm" {
		result, times, err = p.Bench(entry, args, bench, opt)
	} else {
		result, times, native, err = p.BenchNative(backend, entry, args, bench, opt)
	}
	if err != nil {
		return report(stderr, p.Module.Sources, err)
	}
	switch {
	case asJSON:
		fmt.Fprintln(stdout, myia.EncodeJSON(result))
	case !result.IsNone():
		fmt.Fprintln(stdout, result.Repr())
	}
	switch {
	case bench > 0 && native != nil:
		fmt.Fprintln(stdout, myia.NativeBenchLine(backend, compileTime+native.Compile, native.Cached, times))
	case bench > 0:
		fmt.Fprintln(stdout, myia.BenchLine(compileTime, times))
	}
	return nil
}
