// Command myia compiles and runs programs written in myia's subset of
// Python. Each subcommand is a thin layer over the root package myia:
//
//	myia run FILE.py [--entry NAME] [--args JSON] [--sig TYPES] [--json] [--bench N] [--backend vm|c|llvm] [-O0|-O1|-O2]
//	myia ir FILE.py [--fn NAME] [--entry NAME] [--sig TYPES] [--stage STAGE] [--format text|dot|svg] [-O0|-O1|-O2] [--html OUT.html]
//	myia compile FILE.py [--entry NAME] [--sig TYPES] -o libNAME.so|NAME
//	myia check FILE.py [--entry NAME] [--sig TYPES]
//	myia repl
//	myia version
//
// Exit status: 0 on success, 1 for errors in the program or its use, 2
// for an internal compiler error (a bug in myia).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"github.com/spf13/cobra"
)

func main() {
	// Large arrays make the heap profiler sample often; myia never reads
	// the profile, so it only costs time (about 3% of an MLP gradient).
	runtime.MemProfileRate = 0
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exitError ends a command with a status; what there was to say has
// been printed already.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// Main runs the command line args and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "myia: internal error: %v (please report this bug)\n", r)
			code = 2
		}
	}()
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	var e exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &e):
		return int(e)
	default:
		// A usage error from cobra: unknown flag, wrong argument count.
		fmt.Fprintf(stderr, "myia: %v\n", err)
		fmt.Fprintf(stderr, "Run 'myia --help' for usage.\n")
		return 1
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "myia",
		Short: "Compile and run programs written in a pure subset of Python",
		Long: `myia compiles a pure subset of Python (defs, closures, loops, tuples, numbers)
into a graph IR and runs it on a virtual machine.`,
		Example: `  myia run examples/newton.py
  myia ir examples/closures.py --fn make_adder
  myia check prog.py
  myia repl`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().Bool("reverse-grad", false, "compute every grad and value_and_grad by reverse mode (by default, a derivative w.r.t. one float argument is forward mode where that gives the same result)")
	root.AddCommand(newRunCmd(), newIRCmd(), newCompileCmd(), newCheckCmd(), newReplCmd(), newVersionCmd())
	root.CompletionOptions.DisableDefaultCmd = true
	return root
}

// guard runs a command body; a panic becomes an internal error (exit 2).
func guard(cmd *cobra.Command, f func() error) error {
	err := myia.Protect(cmd.Name(), f)
	var ie *myia.InternalError
	if errors.As(err, &ie) {
		reportInternal(cmd.ErrOrStderr(), ie)
		return exitError(2)
	}
	return err
}

func reportInternal(w io.Writer, ie *myia.InternalError) {
	fmt.Fprintln(w, "myia: "+ie.Error())
	if os.Getenv("MYIA_DEBUG") == "1" {
		fmt.Fprintln(w, ie.Stack)
	} else {
		fmt.Fprintln(w, "(set MYIA_DEBUG=1 to see the Go stack)")
	}
}

// report prints err as the user should see it and returns the exit error:
// 2 for an internal error, 1 for anything else.
func report(w io.Writer, src ir.Sources, err error) error {
	var ie *myia.InternalError
	if errors.As(err, &ie) {
		reportInternal(w, ie)
		return exitError(2)
	}
	fmt.Fprint(w, src.Format(err))
	return exitError(1)
}

// compile reads and compiles file, printing warnings; on error it prints
// the error and returns the exit error.
func compile(cmd *cobra.Command, file string, cfg myia.Config) (*myia.Program, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "myia: %v\n", err)
		return nil, exitError(1)
	}
	if reverse, err := cmd.Flags().GetBool("reverse-grad"); err == nil && reverse {
		cfg.ReverseGrad = true
	}
	p, err := myia.Compile(file, src, cfg)
	stderr := cmd.ErrOrStderr()
	if p != nil && p.Module != nil {
		fmt.Fprint(stderr, myia.FormatWarnings(p.Module.Sources, p.Module.Warnings))
	}
	if err != nil {
		srcs := ir.Sources{file: string(src)}
		if p != nil && p.Module != nil {
			srcs = p.Module.Sources
		}
		return p, report(stderr, srcs, err)
	}
	return p, nil
}
