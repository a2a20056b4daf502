// A line of routers: senders on the first router, receivers on the last, at a fixed rate; every message crosses
// every router, and a router keeps no messages, so the counts are exact (loss == 0) with acknowledged sends.
//   maestro topology line 3 --output line3     (then start qdrouterd -c line3/router-N/qdrouterd.conf on each host)
//   maestro run test-scripts/router-line.groovy --local \
//       -P sendUrl=amqp://127.0.0.1:5672/perf -P receiveUrl=amqp://127.0.0.1:5676/perf
//   -P mgmt=amqp://127.0.0.1:5674: a router's AMQP management, sampled by an inspector (the qpid-dispatch preset)
test {
    name         'router-line'
    tags         'router', 'line', 'amqp'
    description  param('sut', 'a line of Qpid Dispatch routers')
    sendUrl      param('sendUrl', null)      // the first router's client listener and the address
    receiveUrl   param('receiveUrl', null)   // the last router's
    rate         param('rate', 1000)
    duration     param('duration', '30s')
    warmup       param('warmup', '5s')
    warmupSendDelay param('warmupSendDelay', '100ms')
    warmupMax    param('warmupMax', null)
    messageSize  param('size', '~1024')
    connections  param('connections', 1)
    senders      param('senders', 1)
    receivers    param('receivers', 1)
    if (param('mgmt', '')) { inspector 'amqp-management', url: param('mgmt', ''), datasets: 'qpid-dispatch', interval: '1s' }
    // Each acknowledged send waits for its disposition from the receiver, back through every router: one connection
    // carries at most 1 / that round trip, so a long line may need more connections for the rate (or -P minRate=…).
    expect       "p99 latency < ${param('p99', '100 ms')}", "rate >= ${param('minRate', '95 %')}", 'loss == 0'
}
