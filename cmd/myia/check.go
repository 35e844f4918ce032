package main

import (
	"fmt"
	"strings"

	"github.com/myia/myia"
	"github.com/spf13/cobra"
)

func newCheckCmd() *cobra.Command {
	var entry, sig string
	cmd := &cobra.Command{
		Use:   "check FILE.py",
		Short: "Report every error in a file without running it",
		Long: `Compile FILE.py through every pass of the pipeline without running it, and
report each error as FILE:LINE:COL: error: MESSAGE with the source line and a
caret under the column (and warnings likewise), on stderr. Exit status 1 if
there is any error; the status is 0 if there is none, and nothing is printed
but warnings and notes.

Types are inferred from the entry, main() unless --entry names another
function: its argument types come from --sig, "float, int, tuple[float,
float]", else from its Python annotations, def f(x: float, n: int). An
entry with a parameter of no known type is not type-checked, and a note
(FILE:LINE:COL: note: ...) says so.`,
		Example: `  myia check prog.py && echo ok
  myia check prog.py --entry f --sig "float, tuple[float, float]"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return guard(cmd, func() error {
				cfg, err := sigConfig(cmd, entry, sig)
				if err != nil {
					return err
				}
				p, err := compile(cmd, files[0], cfg)
				if err != nil {
					return err
				}
				if cmd.Flags().Changed("entry") {
					if _, err := p.Entry(entry); err != nil {
						return report(cmd.ErrOrStderr(), p.Module.Sources, err)
					}
				}
				note(cmd, p)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&entry, "entry", "main", "the function type inference starts from")
	f.StringVar(&sig, "sig", "", `the types of the entry's arguments, as "float, int, tuple[float, float]" (default: from the annotations)`)
	return cmd
}

// sigConfig returns the Config of an entry and a --sig flag, or prints
// what is wrong with the flag.
func sigConfig(cmd *cobra.Command, entry, sig string) (myia.Config, error) {
	cfg := myia.Config{Entry: entry}
	if cmd.Flags().Changed("sig") {
		ts, err := myia.ParseSig(sig)
		if err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "myia: %v\n", err)
			return cfg, exitError(1)
		}
		cfg.ArgTypes = ts
	}
	return cfg, nil
}

// note prints, on stderr, why the entry was not type-checked, if it was
// not.
func note(cmd *cobra.Command, p *myia.Program) {
	if p.Untyped == nil {
		return
	}
	msg := p.Module.Sources.Format(p.Untyped)
	fmt.Fprint(cmd.ErrOrStderr(), strings.Replace(msg, ": error: ", ": note: ", 1))
}
