package org.maestro.client.cli;

import org.maestro.client.run.publish.BaselineCheck;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.units.TimeSpan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What {@code run} and {@code demo} hand every test of a script, besides the test itself.
 *
 * @param local        whether the test runs on a cluster started on this machine (--local) rather than behind {@code broker}
 * @param broker       the control broker of a remote cluster
 * @param runs         where run directories go
 * @param discovery    how long a run waits for its peers to appear
 * @param controlGrace how long a peer, or the control broker, may be away during a test
 * @param baseline     the earlier runs to compare with
 * @param handlers     with --local, the handlers an agent without a source takes (the script's handlers/), or null
 */
record RunInputs(boolean local, BrokerOption broker, Path runs, Duration discovery, Duration controlGrace,
                 BaselineCheck baseline, Path handlers) {

    /** The demo: on this machine, with the default waits and no handlers. */
    static RunInputs demo(Path runs, BaselineCheck baseline) {
        return new Builder().runs(runs).baseline(baseline).local(true, null).build();
    }

    /** The same inputs without a baseline: the steps of an incremental test are compared with {@code maestro compare}. */
    RunInputs withoutBaseline() {
        return new RunInputs(local, broker, runs, discovery, controlGrace, new BaselineCheck(List.of(), null), handlers);
    }

    /** The same inputs with another baseline check (the next run of tonight's, {@link BaselineCheck#withTonight}). */
    RunInputs withBaseline(BaselineCheck check) {
        return new RunInputs(local, broker, runs, discovery, controlGrace, check, handlers);
    }

    /** Builds the inputs by name; what is not given has the command line's default. */
    static final class Builder {
        private boolean local;
        private Path handlers;
        private BrokerOption broker = new BrokerOption();
        private Path runs;
        private Duration discovery = TimeSpan.parse(MaestroMain.DISCOVERY_TIMEOUT);
        private Duration controlGrace = TimeSpan.parse(TestExecutor.DEFAULT_CONTROL_GRACE);
        private BaselineCheck baseline = new BaselineCheck(List.of(), null);

        Builder local(boolean local, Path handlers) {
            this.local = local;
            this.handlers = handlers;
            return this;
        }

        Builder broker(BrokerOption broker) {
            this.broker = broker;
            return this;
        }

        Builder runs(Path runs) {
            this.runs = runs;
            return this;
        }

        Builder waits(Duration discovery, Duration controlGrace) {
            this.discovery = discovery;
            this.controlGrace = controlGrace;
            return this;
        }

        Builder baseline(BaselineCheck baseline) {
            this.baseline = baseline;
            return this;
        }

        RunInputs build() {
            return new RunInputs(local, broker, runs, discovery, controlGrace, baseline, handlers);
        }
    }
}
