// Two routes, each with settings of its own: 'slow' at 300 msg/s with 2 KiB messages, 'fast' at 900 msg/s with a
// weighted mix of sizes on 2 connections per worker. Each route's rate is shared by its own senders (the test's rate
// goes only to routes that set none). The receivers of 'slow' start 2 s after its senders (receiverStartAfter): the
// SUT holds a backlog for them, and the summary, console and report give it with the time they took to drain it.
// On this machine, nothing set up (each route gets a queue of its own on the embedded Artemis):
//   maestro run test-scripts/routes.groovy --local
// On a lab: -P slow=amqp://sut:5672/q.slow -P fast=amqp://sut:5672/q.fast, workers started with --group slow / fast.
def slowUrl = param('slow', null)
def fastUrl = param('fast', null)
if ((slowUrl == null || fastUrl == null) && !local) {
    throw new IllegalArgumentException("-P slow=… -P fast=… : a SUT URL for each route (or --local for an embedded Artemis)")
}
test {
    name         'routes'
    duration     param('duration', '10s')
    warmup       param('warmup', '1s')
    route 'slow', url: slowUrl, rate: param('slowRate', 300), size: '2 KiB', receiverStartAfter: param('lateBy', '2s')
    route 'fast', url: fastUrl, rate: param('fastRate', 900), size: '512B: 80, ~4 KiB ±10 %: 20', connections: 2
    expect       'loss == 0'
    expect       'rate >= 95 %'
}
