// Fault injection: a fixed rate while the agent on the SUT host restarts the broker mid-test.
// The summary gives, per action, the messages lost, the outage and the time to recover.
//   maestro run test-scripts/fixed-rate-with-agent.groovy --local -P duration=20s -P at=6s
//       (a standalone Artemis on this machine, and the handlers of test-scripts/handlers: nothing to set up)
//   maestro run test-scripts/fixed-rate-with-agent.groovy --broker mqtt://broker.lab:1883 \
//       -P url='amqp://sut.lab:5672/perf.queue?failover=true' \
//       -P handlers=https://git.lab/qe/maestro-handlers.git -P instance=/opt/artemis/instance
// The agent must allow the source (maestro agent --allow https://git.lab/qe) and run on the SUT host.
test {
    name         'fixed-rate-with-agent'
    tags         'fault-injection', 'amqp'
    url          param('url', null)          // none: --local starts a standalone Artemis
    rate         param('rate', 500)
    duration     param('duration', '60s')
    messageSize  param('size', 1024)
    // -P jolokia=http://user:pass@sut:8161/console/jolokia: the SUT's metrics sampled by an inspector peer, into CSVs
    if (param('jolokia', '')) { inspector 'jolokia', url: param('jolokia', ''), interval: '1s' }
    agent {
        source   param('handlers', null), branch: param('branch', '')   // none: --local uses handlers/ beside this script
        timeout  param('handlerTimeout', '150s')
        // No instance: the handler takes $ARTEMIS_INSTANCE, else the SET option artemis.instance (--local sets it).
        at       param('at', '20s'), run: 'restart-broker.sh', args: [param('instance', null)]
    }
    expect       "loss <= ${param('maxLoss', 1000000)}"
}
