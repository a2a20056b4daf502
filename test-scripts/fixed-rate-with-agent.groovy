// Fault injection: a fixed rate while the agent on the SUT host restarts the broker mid-test.
// The summary gives, per action, the messages lost, the outage and the time to recover.
//   maestro run test-scripts/fixed-rate-with-agent.groovy --broker mqtt://broker.lab:1883 \
//       -P url='amqp://sut.lab:5672/perf.queue?failover=true' \
//       -P handlers=https://git.lab/qe/maestro-handlers.git -P instance=/opt/artemis/instance
// The agent must allow the source (maestro agent --allow https://git.lab/qe) and run on the SUT host.
test {
    name         'fixed-rate-with-agent'
    tags         'fault-injection', 'amqp'
    url          param('url', null)
    rate         param('rate', 500)
    duration     param('duration', '60s')
    messageSize  param('size', 1024)
    agent {
        source   param('handlers', 'file:///srv/maestro-handlers.git'), branch: param('branch', '')
        timeout  param('handlerTimeout', '150s')
        at       param('at', '20s'), run: 'restart-broker.sh', args: [param('instance', '/opt/artemis/instance')]
    }
    expect       "loss <= ${param('maxLoss', 1000000)}"
}
