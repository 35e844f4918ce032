package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newCompileCmd() *cobra.Command {
	var entry, sig, out string
	var level int
	cmd := &cobra.Command{
		Use:   "compile FILE.py -o OUT",
		Short: "Compile a function to a shared library with a C header, or main() to an executable",
		Long: `Compile FILE.py's --entry (default main) with the C backend, from the types of
its arguments (--sig, else its annotations).

-o DIR/libNAME.so writes the shared library, DIR/libNAME.h (its C interface)
and DIR/NAME_example.c (a program that calls it, with the command that
builds it). The interface: int ENTRY(args..., outs...) returns 0, or 1 on a
run-time error whose message ENTRY_error() returns; scalars are C scalars
(int64_t, double, bool), arrays are myia_ndarray (data, ndim, shape: an
argument is a const pointer read in place, a result's data is malloc'd for
the caller to free), tuple arguments are passed flattened (p_0, p_1...),
a tuple result is one out-parameter per element (docs/backends.md).

-o NAME (no extension) writes an executable that runs the entry, which must
take no arguments, and prints its result as 'myia run' does.`,
		Example: `  myia compile prog.py --entry df --sig "float, float" -o libdf.so
  myia compile step.py --entry step --sig "ndarray[float, (3, 2)], ndarray[float, (?, 3)]" -o libstep.so
  myia compile examples/newton.py -o newton && ./newton`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return guard(cmd, func() error {
				stderr := cmd.ErrOrStderr()
				if out == "" {
					fmt.Fprintln(stderr, "myia: compile needs -o libNAME.so or -o NAME")
					return exitError(1)
				}
				cfg, err := sigConfig(cmd, entry, sig)
				if err != nil {
					return err
				}
				cfg.Opt = level
				if err := checkLevel(stderr, level); err != nil {
					return err
				}
				p, err := compile(cmd, files[0], cfg)
				if err != nil {
					return err
				}
				written, err := p.CompileOutput(entry, out)
				if err != nil {
					return report(stderr, p.Module.Sources, err)
				}
				for _, f := range written {
					fmt.Fprintln(cmd.OutOrStdout(), "wrote", f)
				}
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&entry, "entry", "main", "the function to compile")
	f.StringVar(&sig, "sig", "", `the types of the entry's arguments, as "float, int, tuple[float, float]" (default: from the annotations)`)
	f.StringVarP(&out, "output", "o", "", "libNAME.so (a library, its header and an example) or NAME (an executable)")
	f.IntVarP(&level, "opt", "O", 2, "optimization level: -O0, -O1 or -O2")
	return cmd
}
