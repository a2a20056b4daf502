// A fault on a router: a line of routers at a fixed rate while the agent beside the middle router (-P target=router-2)
// restarts it (or, with -P downFor=10, stops it for that long). The summary gives the action's loss, outage and recovery.
// -P router=skupper: skupper-router instead of Qpid Dispatch.
// -P delivery=presettled: the senders fire-and-forget; what the path drops is lost (loss = the receiver's gap × rate, docs/topologies.md).
//   maestro run test-scripts/router-fault.groovy --local
//       (three qdrouterd on loopback, found as docs/topologies.md says; an agent beside each, named after its router;
//        the handlers of test-scripts/handlers: nothing to set up)
//   maestro run test-scripts/router-fault.groovy --local -P downFor=10 -P duration=40s
//   maestro run test-scripts/router-fault.groovy --local -P checkAt=15s
//       (at 15 s every router's agent, the group routers, checks that its router is up: an outcome per router)
//   maestro run test-scripts/router-fault.groovy --local -P topology=test-scripts/redundant-path.yaml -P downFor=3 -P kill=true
//       (a costlier redundant path: while router-2, on the cheap one, is down, the traffic goes through router-3)
// In a lab: an agent on each router host (maestro agent --name router-2 --group routers --allow https://git.lab/qe), the routers'
// send and receive URLs, and the handlers' repository:
//   maestro run test-scripts/router-fault.groovy --broker mqtt://broker.lab:1883 \
//       -P sendUrl='amqp://router1.lab:5672/perf?failover=true' -P receiveUrl='amqp://router3.lab:5672/perf?failover=true' \
//       -P handlers=https://git.lab/qe/maestro-handlers.git -P conf=/etc/qpid-dispatch/qdrouterd.conf
test {
    name         'router-fault'
    tags         'router', 'fault-injection', 'amqp'
    // --local without sendUrl: the routers it starts (line N, ring N, complete N, a YAML graph file; docs/topologies.md)
    topology     param('topology', local && param('sendUrl', null) == null ? 'line 3' : null)
    router       param('router', null)       // qpid-dispatch (the default) or skupper: which router --local starts
    delivery     param('delivery', null)     // presettled: --local's senders fire-and-forget (a lab's URL says ?delivery=)
    sendUrl      param('sendUrl', null)
    receiveUrl   param('receiveUrl', null)
    rate         param('rate', 500)
    duration     param('duration', '20s')
    messageSize  param('size', 1024)
    agent {
        source   param('handlers', null), branch: param('branch', '')   // none: --local uses handlers/ beside this script
        timeout  param('handlerTimeout', '120s')
        // No conf: the handler takes $QDROUTERD_CONF, else the agent's option router.conf (--local gives each agent its router's).
        // -P kill=true: SIGKILL, as a crash would, instead of a graceful SIGTERM.
        String signal = param('kill', false) as boolean ? '--kill' : null
        if (param('downFor', '')) {
            at   param('at', '6s'), agent: param('target', 'router-2'), run: 'stop-router-for.sh',
                 args: [signal, param('downFor', ''), param('conf', null)]
        } else {
            at   param('at', '6s'), agent: param('target', 'router-2'), run: 'restart-router.sh', args: [signal, param('conf', null)]
        }
        // -P checkAt=15s: then the agent of every router (the group routers) checks that its router is up again.
        if (param('checkAt', '')) {
            at   param('checkAt', ''), group: 'routers', run: 'check-router.sh'
        }
    }
    // -P inspect=router-2 (or all): an inspector on that router; summary.json's hops count its links across the restart
    // -P inspectors=one: ONE inspector peer samples the routers of -P inspect, each router's CSVs in peers/inspector-1/router-N/
    if (param('inspect', '')) {
        inspector 'amqp-management', router: param('inspect', ''), peers: param('inspectors', 'per-router'), datasets: 'qpid-dispatch',
                interval: '1s'
    }
    expect       "loss <= ${param('maxLoss', 1000000)}"
}
