// A rate profile: stages of a steady rate or a linear ramp, on the one intended-time schedule (a sender that falls
// behind in a stage still stamps each message with the time it was due: coordinated omission stays corrected across
// stage changes). The console, summary.json (stages) and the report's "Stages" give each stage's target, achieved
// rate, loss and response time.
//   maestro run test-scripts/stages.groovy --local
//   maestro run test-scripts/stages.groovy --broker mqtt://broker.lab:1883 -P url=amqp://sut.lab:5672/perf.queue -P low=1000 -P high=5000
test {
    name         'stages'
    tags         'stages', 'amqp'
    url          param('url', null)
    messageSize  param('size', 1024)
    connections  param('connections', 2)
    warmup       param('warmup', '0s')
    // step RATE, 'TIME': a steady rate; ramp FROM, TO, 'TIME': from one rate to the other, linearly. The rates are
    // those of all senders together; the profile sets the test's rate (its mean) and duration (its length).
    stages {
        step param('low', 100), param('lowFor', '5s')
        ramp param('low', 100), param('high', 300), param('rampFor', '10s')
        step param('high', 300), param('highFor', '5s')
    }
    expect       "p99 latency < ${param('p99', '500 ms')}", 'loss == 0'
}
