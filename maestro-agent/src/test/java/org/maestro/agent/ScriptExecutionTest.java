package org.maestro.agent;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.Clocks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Handlers run by an agent over a real MQTT broker: real processes and Groovy scripts from a real git repository. */
@Integration
class ScriptExecutionTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();
    @TempDir
    Path tmp;
    private GitRepo repo;
    private AgentFixture f;

    @BeforeEach
    void agent() throws Exception {
        repo = GitRepo.ofTestHandlers(tmp.resolve("repo"));
        f = new AgentFixture(lab, tmp, "agent", List.of(repo.url()));
        f.set(Map.of("test.id", "test-1", "rate", "1000"));
        f.source(repo.url(), "");
    }

    @AfterEach
    void close() {
        f.close();
        repo.close();
    }

    @Test
    void aHandlerThatSucceedsIsReportedWithItsOutputInTheLog() throws Exception {
        long before = Clocks.epochMicros();
        String detail = f.ok(new Payload.StartAgent("ok.sh", List.of("one", "two")));
        String runId = AgentFixture.runId(detail);
        Payload.HandlerOutcome o = f.awaitOutcome(runId, 20);
        assertEquals("succeeded", o.outcome());
        assertEquals(0, o.exitStatus());
        assertEquals("ok.sh", o.handler());
        assertEquals("", o.reason());
        assertTrue(before <= o.startMicros() && o.startMicros() <= o.endMicros() && o.endMicros() <= Clocks.epochMicros());

        String log = f.logText(runId);
        assertTrue(f.log(runId).getFileName().toString().equals("handler-" + runId + "-ok.sh.log"), f.log(runId).toString());
        for (String expected : List.of("# handler: ok.sh", "# command: [", "# start: ", "hello from ok.sh", "test id: test-1",
                "option rate: 1000", "argument count: 2", "# outcome: succeeded, exit status 0", "# end: ")) {
            assertTrue(log.contains(expected), "log has '" + expected + "':\n" + log);
        }
        assertTrue(log.contains("working directory: " + f.workDir.toRealPath().resolve("checkouts")), log);

        List<String> csv = Files.readAllLines(f.testDir().resolve("handlers.csv"));
        assertEquals("start,end,runId,handler,args,outcome,exitStatus,reason", csv.get(0));
        assertTrue(csv.get(1).matches("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z,\\d{4}-[0-9T:.-]+Z," + runId
                + ",ok.sh,\"\\[\"\"one\"\",\"\"two\"\"\\]\",succeeded,0,"), csv.get(1));
        assertTrue(Files.exists(f.testDir().resolve("test.json")) && Files.exists(f.testDir().resolve("system.json")));
    }

    @Test
    void aHandlerThatFailsGivesItsExitStatusAndTheReason() throws Exception {
        Payload.HandlerOutcome o = f.run(20, "fail.sh");
        assertEquals("failed", o.outcome());
        assertEquals(3, o.exitStatus());
        assertTrue(o.reason().contains("exit status 3") && o.reason().contains("the broker refused: connection reset"), o.reason());
        assertTrue(f.logText(o.runId()).contains("# outcome: failed, exit status 3"));
        f.assertServing();
        assertEquals("succeeded", f.run(20, "ok.sh").outcome());
    }

    @Test
    void aHandlerThatHangsIsKilledAtItsTimeoutWithItsChildren() throws Exception {
        f.set(Map.of("agent.handler.timeout", "1s"));
        String runId = f.start("hang.sh");
        f.assertServing(); // while it hangs
        Payload.HandlerOutcome o = f.awaitOutcome(runId, 15);
        assertEquals("timed-out", o.outcome());
        assertEquals(-1, o.exitStatus());
        assertTrue(o.reason().contains("did not end within 1s") && o.reason().contains("killed it (2 processes)"), o.reason());
        long micros = o.endMicros() - o.startMicros();
        assertTrue(micros >= 1_000_000 && micros < 6_000_000, "ended " + micros + " µs after its start");
        String log = f.logText(runId);
        long pid = number(log, "# pid: (\\d+)");
        long child = number(log, "child (\\d+)");
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the handler process is gone");
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "its child 'sleep 300' is gone");
        assertTrue(log.contains("# outcome: timed-out"), log);
        f.assertServing();
        f.set(Map.of("agent.handler.timeout", "30s"));
        assertEquals("succeeded", f.run(20, "ok.sh").outcome());
    }

    /** The SUT a handler started again in a session of its own outlives the handler's stop (timeout, halt). */
    @Test
    void whatAHandlerStartedWithSetsidOutlivesItsKill() throws Exception {
        f.set(Map.of("agent.handler.timeout", "1s"));
        String runId = f.start("detach.sh");
        Payload.HandlerOutcome o = f.awaitOutcome(runId, 15);
        String log = f.logText(runId);
        long detached = number(log, "detached (\\d+)");
        try {
            assertEquals("timed-out", o.outcome());
            assertTrue(o.reason().contains("killed it (2 processes)"), "the handler and its own child: " + o.reason());
            assertFalse(ProcessHandle.of(number(log, "child (\\d+)")).map(ProcessHandle::isAlive).orElse(false), "its own child is gone");
            assertTrue(ProcessHandle.of(detached).map(ProcessHandle::isAlive).orElse(false), "what it detached still runs");
        } finally {
            ProcessHandle.of(detached).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void handlerPathsThatLeaveTheRepositoryAreRefused() throws Exception {
        repo.symlink("outside.sh", "/bin/true");
        repo.commit("a link out");
        f.source(repo.url(), "");
        Map<String, String> expected = Map.of(
                "../ok.sh", "contains '..'",
                "sub/../../ok.sh", "contains '..'",
                "/etc/passwd", "is an absolute path",
                "outside.sh", "leads outside the source repository",
                "missing.sh", "no such file",
                "sub", "is a directory",
                "", "no handler given",
                "noexec-plain.txt", "has no #! line");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String reason = f.error(new Payload.UserCommand1(e.getKey(), List.of()));
            assertTrue(reason.contains(e.getValue()), "'" + e.getKey() + "': " + reason);
        }
        String nul = f.error(new Payload.UserCommand1("ok.sh", List.of("a\0b")));
        assertTrue(nul.contains("argument 1 contains a NUL"), nul);
        List<Payload.HandlerOutcome> refused = new ArrayList<>();
        for (Note n : f.notes(Command.NOTIFY_HANDLER)) {
            refused.add((Payload.HandlerOutcome) n.payload());
        }
        assertEquals(expected.size() + 1, refused.size(), refused.toString());
        assertTrue(refused.stream().allMatch(o -> o.outcome().equals("refused") && !o.reason().isEmpty()), refused.toString());
        assertEquals(expected.size() + 2, Files.readAllLines(f.testDir().resolve("handlers.csv")).size());
        f.assertServing();
        assertEquals("succeeded", f.run(20, "sub/nested.sh").outcome());
    }

    @Test
    void scriptsWithoutTheExecutableBitRunThroughTheirShebangAndPythonRunsToo() throws Exception {
        Payload.HandlerOutcome o = f.run(20, "noexec-shebang.sh", "x y");
        assertEquals("succeeded", o.outcome(), o.reason());
        String log = f.logText(o.runId());
        assertTrue(log.contains("ran through its #! line with: x y"), log);
        assertTrue(log.contains("# command: [\"/bin/sh\",\"-e\","), log);

        Payload.HandlerOutcome py = f.run(20, "args.py", "a b", "c");
        assertEquals("failed", py.outcome(), "args.py exits with its argument count");
        assertEquals(2, py.exitStatus());
        assertTrue(f.logText(py.runId()).contains("python got ['a b', 'c']"), f.logText(py.runId()));
    }

    @Test
    void aGroovyHandlerUsesTheApi() throws Exception {
        Payload.HandlerOutcome o = f.run(30, "api.groovy", "a", "b");
        assertEquals("succeeded", o.outcome(), o.reason());
        assertEquals(0, o.exitStatus());
        String log = f.logText(o.runId());
        for (String expected : List.of("INFO args: [a, b]", "test test-1 asked by USER_COMMAND_1", "from-a-child",
                "# run: [sh, -c, echo from-a-child; exit 4]", "run: sh ended with exit status 4", "version 1",
                "# notify: child said from-a-child with 4")) {
            assertTrue(log.contains(expected), "log has '" + expected + "':\n" + log);
        }
        List<Note> success = f.notes(Command.NOTIFY_SUCCESS);
        assertEquals(1, success.size());
        Payload.NotifySuccess n = (Payload.NotifySuccess) success.get(0).payload();
        assertEquals("test-1", n.testId());
        assertEquals("handler " + o.runId() + " api.groovy: child said from-a-child with 4; version.sh said version 1", n.detail());

        Payload.HandlerOutcome five = f.run(30, "api.groovy", "only-one");
        assertEquals("failed", five.outcome());
        assertEquals(5, five.exitStatus());
        assertEquals("the script returned 5", five.reason());

        Payload.HandlerOutcome broken = f.run(30, "broken.groovy");
        assertEquals("failed", broken.outcome());
        assertEquals("IllegalStateException: the broker is not there (broken.groovy line 4)", broken.reason());

        String compile = f.error(new Payload.UserCommand1("nocompile.groovy", List.of()));
        assertTrue(compile.startsWith("handler 'nocompile.groovy' does not compile: nocompile.groovy: 2: Unexpected input")
                && !compile.contains("\n"), compile);

        Payload.HandlerOutcome failing = f.run(30, "fails-notify.groovy");
        assertEquals(2, failing.exitStatus());
        Payload.NotifyFail fail = (Payload.NotifyFail) f.notes(Command.NOTIFY_FAIL).get(0).payload();
        assertTrue(fail.reason().endsWith("fails-notify.groovy: the SUT is not healthy"), fail.reason());
        f.assertServing();
    }

    @Test
    void groovyHandlersAreStoppedAtTheirTimeoutToo() throws Exception {
        f.set(Map.of("agent.handler.timeout", "1s"));
        String spin = f.start("spin.groovy");
        // Long enough for the script to reach run('sleep', '300') (a first Groovy run in a JVM takes a moment).
        f.set(Map.of("agent.handler.timeout", "5s"));
        String sleeper = f.start("sleeper.groovy");
        Payload.HandlerOutcome s = f.awaitOutcome(spin, 15);
        assertEquals("timed-out", s.outcome());
        assertTrue(s.reason().startsWith("did not end within 1s"), s.reason());
        assertFalse(s.reason().contains("abandoned"), "the loop saw the interrupt: " + s.reason());
        Payload.HandlerOutcome sl = f.awaitOutcome(sleeper, 15);
        assertEquals("timed-out", sl.outcome());
        String log = f.logText(sleeper);
        long sleepPid = number(log, "# run: sleep started, pid (\\d+)");
        assertTrue(sl.reason().contains("killed it (1 process)"), sl.reason() + "\n" + log);
        assertFalse(ProcessHandle.of(sleepPid).map(ProcessHandle::isAlive).orElse(false), "'sleep 300' is gone");
        f.assertServing();
    }

    @Test
    void severalHandlersRunAtOnce() throws Exception {
        List<String> ids = new ArrayList<>();
        List<Long> answeredMicros = new ArrayList<>();
        // Each runs 3 s: the four starts are answered while the first still runs on a host many times slower than this.
        for (int i = 0; i < 4; i++) {
            ids.add(f.start("slow.sh", "3"));
            answeredMicros.add(Clocks.epochMicros());
        }
        long latestStart = 0;
        long earliestEnd = Long.MAX_VALUE;
        for (int i = 0; i < ids.size(); i++) {
            Payload.HandlerOutcome o = f.awaitOutcome(ids.get(i), 20);
            assertEquals("succeeded", o.outcome());
            // Against its own run's end, not a time: the answer came at its start, not once it had run.
            assertTrue(answeredMicros.get(i) < o.endMicros(), "start " + i + " answered OK before its handler ended: " + o);
            latestStart = Math.max(latestStart, o.startMicros());
            earliestEnd = Math.min(earliestEnd, o.endMicros());
        }
        assertTrue(latestStart < earliestEnd, "the four runs overlapped in time");
        assertEquals(5, Files.readAllLines(f.testDir().resolve("handlers.csv")).size());
    }

    @Test
    void aRunningHandlerKeepsItsFilesWhenTheSourceIsUpdated() throws Exception {
        repo.write("later.sh", "#!/bin/sh\nsleep 1\ncat version.sh\n", true);
        repo.commit("later");
        f.source(repo.url(), "");
        String runId = f.start("later.sh");
        repo.write("version.sh", "#!/bin/sh\necho \"version 2\"\n", true);
        repo.commit("v2");
        f.source(repo.url(), "");
        Payload.HandlerOutcome o = f.awaitOutcome(runId, 20);
        assertEquals("succeeded", o.outcome(), o.reason());
        assertTrue(f.logText(runId).contains("version 1"), "the run read the files of its own commit");
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in:\n" + text);
        return Long.parseLong(m.group(1));
    }
}
