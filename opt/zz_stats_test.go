package opt_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/opt"
)

func TestZZStats(t *testing.T) {
	file := os.Getenv("MYIA_STATS")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
	if err != nil {
		t.Fatal(err)
	}
	st := opt.Optimize(p.Module, p.Funcs, opt.Options{Level: 2, AD: p.AD, Observe: func(pass string, round int) {
		if os.Getenv("MYIA_STATS_V") != "" {
			fmt.Printf("%d %s %d\n", round, pass, opt.NewUnit(p.Module, p.Funcs).NodeCount())
		}
	}})
	fmt.Println(st.NodesBefore, st.NodesAfter, st.Rounds, st.Changes, st.Time)
}
