package org.maestro.client.cli;

import org.maestro.client.plan.TestPlan;
import org.maestro.results.Summary;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The tests of a script of several, one after the other, each a run of its own (in the index like any), then the
 * suite's JUnit file beside them ({@link SuiteJunit}). The exit code is the worst of theirs (2 over 1 over 0);
 * an interrupted test ends the suite.
 */
final class SuiteRunner {
    private SuiteRunner() {
    }

    static int run(List<TestPlan> plans, String scriptName, RunInputs inputs) throws Exception {
        LocalDateTime start = LocalDateTime.now();
        List<Path> runDirs = new ArrayList<>();
        List<SuiteJunit.Entry> tests = new ArrayList<>();
        int worst = MaestroMain.PASSED;
        for (int i = 0; i < plans.size(); i++) {
            TestPlan plan = plans.get(i);
            System.out.printf("maestro: test %d of %d: %s%n", i + 1, plans.size(), plan.name());
            int before = runDirs.size();
            int code;
            try {
                code = PlanRunner.run(plan, inputs, runDirs);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                // E.g. its --local cluster did not start: the suite goes on, and its JUnit file says so.
                String why = e.getMessage() == null ? e.toString() : e.getMessage();
                System.err.println("maestro: test " + plan.name() + " could not run: " + why);
                tests.add(SuiteJunit.Entry.notRun(plan.name(), why));
                worst = Math.max(worst, MaestroMain.CANNOT_RUN);
                continue;
            }
            runDirs.subList(before, runDirs.size()).forEach(d -> tests.add(SuiteJunit.Entry.ran(d)));
            if (runDirs.size() == before && plan.incremental() == null && code == MaestroMain.CANNOT_RUN) {
                tests.add(SuiteJunit.Entry.notRun(plan.name(), "refused before any peer was touched (the reason is on the console)"));
            }
            if (code == Summary.INTERRUPTED_EXIT) {
                worst = code;
                break;
            }
            worst = Math.max(worst, code);
        }
        Path suite = SuiteJunit.writeEntries(inputs.runs(), start, scriptName, tests);
        System.out.printf("maestro: %d of %d tests ran; suite JUnit: %s%n", runDirs.size(), plans.size(), suite);
        return worst;
    }
}
