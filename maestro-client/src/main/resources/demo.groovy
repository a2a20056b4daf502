// The demo: a short fixed-rate test against an embedded Artemis, everything on this machine.
test {
    name         'demo'
    tags         'demo'
    rate         param('rate', 1000)
    duration     param('duration', '20s')
    warmup       '3s'
    messageSize  param('size', '~1024')
    connections  2
    expect       'p99 latency < 250 ms', 'rate >= 95 %', 'loss == 0'
}
