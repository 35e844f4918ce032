package main

import (
	"github.com/myia/myia"
	"github.com/spf13/cobra"
)

func newCheckCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "check FILE.py",
		Short: "Report every error in a file without running it",
		Long: `Compile FILE.py through every pass of the pipeline without running it, and
report each error as FILE:LINE:COL: error: MESSAGE with the source line and a
caret under the column (and warnings likewise), on stderr. Exit status 1 if
there is any error; nothing is printed and the status is 0 if there is none.`,
		Example: `  myia check prog.py && echo ok`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return guard(cmd, func() error {
				_, err := compile(cmd, files[0], myia.Config{})
				return err
			})
		},
	}
}
