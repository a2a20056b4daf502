package org.maestro.client.run;

import java.nio.file.Path;

/**
 * A user's request to end a run early (Ctrl-C, SIGTERM), passed from the thread that gets the signal to the one
 * that runs the test. While the test runs, the request interrupts that thread, which wakes from whatever it waits
 * for (a reply, the next progress note) and ends the test in order: stop the peers, collect, write the summary.
 * Once the run is finishing (collecting, reporting) a request is only noted: the run is already doing what an
 * interruption would.
 */
public final class Interruption {
    private final Thread runner;
    private String cause;
    private boolean finishing;
    private boolean duringTest;
    private volatile String leftBehind = "nothing was started yet";

    /** @param runner the thread that runs the test */
    public Interruption(Thread runner) {
        this.runner = runner;
    }

    /** An interruption nobody requests (a run with no signal handling, e.g. a step driven by a test). */
    static Interruption none() {
        return new Interruption(null);
    }

    /**
     * Records a request, after {@code announce} has told the user of it: the runner, woken by the request, says what it
     * does about it ("stopping sender-1, ...") only after that, never before the line that explains it.
     *
     * @param why      e.g. "SIGINT"
     * @param announce run for the first request only, before the runner learns of it
     * @return false when one was already made (the caller then quits at once)
     */
    public synchronized boolean request(String why, Runnable announce) {
        if (cause != null) {
            return false;
        }
        announce.run();
        cause = why;
        duringTest = !finishing;
        if (duringTest && runner != null) {
            runner.interrupt();
        }
        return true;
    }

    public synchronized boolean requested() {
        return cause != null;
    }

    /** What was requested, e.g. "SIGINT"; null when nothing was. */
    public synchronized String cause() {
        return cause;
    }

    /** Whether the runner was told while the test still ran (so the test did not run to its end). */
    public synchronized boolean stoppedTheTest() {
        return duringTest;
    }

    /** From now on a request no longer interrupts the runner; a stray interrupt already delivered is cleared. */
    synchronized void finishing() {
        finishing = true;
        Thread.interrupted();
    }

    /** A new run (a step of an incremental test) begins: requests interrupt it again. */
    synchronized void starting(Path runDir, String broker) {
        finishing = false;
        leftBehind = "the peers' files are not collected and the summary of " + runDir + " is not written; "
                + RunRecord.collectCommand(runDir, broker) + " does both (and stops the test if it still runs)";
    }

    /** What quitting now would leave undone, and the command that finishes it. */
    public String leftBehind() {
        return leftBehind;
    }
}
