package opt

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestZZHang(t *testing.T) {
	if ZZHook == nil || os.Getenv("MYIA_ZZ") == "" {
		t.Skip()
	}
	m, roots, ad := ZZHook()
	start := time.Now()
	Optimize(m, roots, Options{Level: 1, AD: ad, Observe: func(pass string, round int) {
		fmt.Println(time.Since(start), round, pass, NewUnit(m, roots).NodeCount())
	}})
}
