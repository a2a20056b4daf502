// A line with a broker in the middle (the thesis's router-broker-router): the senders on router-1, the receivers on
// router-2, and the broker between them holding every message (broker-in-the-middle.yaml: each router link-routes
// the maestro addresses to it; with -P router=skupper, which has no link routes, broker-in-the-middle-waypoint.yaml:
// router-1's auto-link out to the broker, router-2's in from it). Acknowledged sends: a message is settled once the broker accepted it, and the
// receivers' counts say what came out of the broker, so sent = received and lost 0 are exact.
//   maestro run test-scripts/broker-in-the-middle.groovy --local                (fixed rate: 1000 msg/s)
//   maestro run test-scripts/broker-in-the-middle.groovy --local -P rate=max    (flat out)
//       (two qdrouterd and an embedded ActiveMQ Artemis on loopback; -P inspect=router-1 (or all) adds inspectors)
// On a lab: deploy the routers with maestro topology broker-in-the-middle.yaml --host broker-1=… (ansible/README.md),
// then -P sendUrl=amqp://router1.lab:5672/maestro.perf -P receiveUrl=amqp://router2.lab:5672/maestro.perf
test {
    name         'broker-in-the-middle'
    tags         'router', 'broker', 'line', 'amqp'
    description  param('sut', '')
    topology     param('topology', local && param('sendUrl', null) == null
            ? (param('router', '') == 'skupper' ? 'broker-in-the-middle-waypoint.yaml' : 'broker-in-the-middle.yaml') : null)
    router       param('router', null)       // qpid-dispatch (the default) or skupper: which router --local starts
    sendUrl      param('sendUrl', null)
    receiveUrl   param('receiveUrl', null)
    rate         param('rate', 1000)
    duration     param('duration', '30s')
    warmup       param('warmup', '5s')
    warmupSendDelay param('warmupSendDelay', '100ms')
    warmupMax    param('warmupMax', null)
    messageSize  param('size', 1024)
    connections  param('connections', 1)
    // -P inspectors=one: ONE inspector peer samples the routers of -P inspect, each router's CSVs in peers/inspector-1/router-N/
    if (param('inspect', '')) {
        inspector 'amqp-management', router: param('inspect', ''), peers: param('inspectors', 'per-router'), datasets: 'qpid-dispatch',
                interval: '1s'
    }
    expect       "p99 latency < ${param('p99', '100 ms')}", "rate >= ${param('minRate', '95 %')}", 'loss == 0'
}
