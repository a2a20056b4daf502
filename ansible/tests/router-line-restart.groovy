// The namespace lab's router case (router-lab-test.sh): a line of routers deployed by the Ansible role
// qdrouterd_topology, the sender on the first router, the receiver on the last, at a fixed rate, while the agent on
// the middle router's host restarts its router (router-handlers/restart-router.sh, from the git repository -P handlers).
// The summary gives the action's loss, outage and recovery.
test {
    name         'router-line-restart'
    tags         'router', 'line', 'fault-injection', 'lab'
    // failover=true: while the middle router restarts the first one releases the deliveries it cannot route, and
    // the sender sends them again rather than ending the test (issue 22).
    sendUrl      param('sendUrl', null)
    receiveUrl   param('receiveUrl', null)
    rate         param('rate', 200)
    duration     param('duration', '16s')
    warmup       param('warmup', '2s')
    warmupSendDelay 'off'
    messageSize  param('size', 1024)
    agent {
        source   param('handlers', null)
        timeout  '60s'
        at       param('at', '6s'), run: 'restart-router.sh'
    }
    expect       "loss <= ${param('maxLoss', 100000)}"
}
