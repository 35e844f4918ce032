package myia_test

import (
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/myia/myia"
	"github.com/myia/myia/vm"
)

// BenchmarkArrays runs the array benchmarks of bench/ (the programs that
// bench/arrays_vs_torch.sh compares with PyTorch) on one VM each, the way
// `myia run FILE --entry ENTRY --bench N` does: compiled at -O2 outside
// the timing, arguments from ENTRY_inputs(), one warm-up call. Besides
// the wall time it reports cpu-ms/op, the process's user and system CPU
// time per call (GC included): on a shared machine it varies less than
// the wall time, which counts the time the process waits for a core.
// Profile
// the VM's array code with
//
//	go test -tags openblas -run XXX -bench Arrays/mlp_grad -cpuprofile /tmp/cpu.out .
//	go tool pprof -top /tmp/cpu.out
func BenchmarkArrays(b *testing.B) {
	for _, c := range []struct{ file, entry string }{
		{"bench/mlp.py", "mlp_loss"},
		{"bench/mlp.py", "mlp_grad"},
		{"examples/gmm.py", "gmm_objective"},
		{"examples/gmm.py", "gmm_grad"},
	} {
		b.Run(c.entry, func(b *testing.B) {
			src, err := os.ReadFile(c.file)
			if err != nil {
				b.Fatal(err)
			}
			p, err := myia.Compile(c.file, src, myia.Config{Opt: 2, Entry: c.entry})
			if err != nil {
				b.Fatalf("compile:\n%s", p.Module.Sources.Format(err))
			}
			opt := myia.RunOptions{Stdout: io.Discard}
			args, err := p.EntryArgs(c.entry, opt)
			if err != nil {
				b.Fatal(err)
			}
			g, err := p.Entry(c.entry)
			if err != nil {
				b.Fatal(err)
			}
			machine := vm.New(p.Module, vm.Options{Stdout: io.Discard, AD: p.AD})
			if _, err := machine.Call(g, args); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, n := cpuTime(), 0
			for b.Loop() {
				if _, err := machine.Call(g, args); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
		})
	}
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
