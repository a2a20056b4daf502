// A line of routers: senders on the first router, receivers on the last, at a fixed rate; every message crosses
// every router, and a router keeps no messages, so the counts are exact (loss == 0) with acknowledged sends.
//   maestro run test-scripts/router-line.groovy --local -P topology='line 3'
//       (three qdrouterd processes on free loopback ports, found as docs/topologies.md says, stopped at the end)
//   maestro run test-scripts/router-line.groovy --local -P router=skupper -P topology='edges 2x2'
//       (skupper-router's edge routers: senders on an edge of router-1, receivers on an edge of router-2)
//   maestro topology line 3 --output line3     (then qdrouterd -c line3/router-N/qdrouterd.conf on each router host)
//   maestro run test-scripts/router-line.groovy --broker mqtt://broker.lab:1883 \
//       -P sendUrl=amqp://router1.lab:5672/perf -P receiveUrl=amqp://router3.lab:5676/perf
//   -P mgmt=amqp://127.0.0.1:5674: a router's AMQP management, sampled by an inspector (the qpid-dispatch preset)
//   -P inspect=router-2 (or all): with --local's topology, an inspector on that router (on each), its CSVs under
//       peers/inspector-router-2/; the report draws the topology and says which routers were inspected
test {
    name         'router-line'
    tags         'router', 'line', 'amqp'
    description  param('sut', '')           // none: --local says which routers it started
    // --local without sendUrl: the routers it starts (line N, ring N, complete N, edges IxE, a YAML graph file; docs/topologies.md)
    topology     param('topology', local && param('sendUrl', null) == null ? 'line 3' : null)
    router       param('router', null)       // qpid-dispatch (the default) or skupper: which router --local starts
    delivery     param('delivery', null)     // presettled: --local's senders fire-and-forget (a lab's URL says ?delivery=)
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
    // -P inspectors=one: ONE inspector peer samples the routers of -P inspect, each router's CSVs in peers/inspector-1/router-N/
    if (param('inspect', '')) {
        inspector 'amqp-management', router: param('inspect', ''), peers: param('inspectors', 'per-router'), datasets: 'qpid-dispatch',
                interval: '1s'
    }
    // Each acknowledged send waits for its disposition from the receiver, back through every router: one connection
    // carries at most 1 / that round trip, so a long line may need more connections for the rate (or -P minRate=…).
    expect       "p99 latency < ${param('p99', '100 ms')}", "rate >= ${param('minRate', '95 %')}", 'loss == 0'
}
