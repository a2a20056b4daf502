package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the namespace labs' tests (LabIT, RouterLabIT) share: running a lab driver (ansible/tests/*lab-test.sh, which
 * share ansible/tests/lib/lab.sh), removing what a crashed one left, and reading back and checking what it fetched:
 * the runs run.yml fetched into WORK/runs/NAME, the second deploy's recap.
 */
final class LabRuns {
    private static final Logger LOG = LoggerFactory.getLogger(LabRuns.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private LabRuns() {
    }

    /** Runs the lab driver {@code script} with {@code args} in {@code work}, logs its timings, and fails unless it exits 0. */
    static LauncherRun runDriver(Path work, Map<String, String> env, Duration bound, Path script, String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = script.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        LauncherRun lab = LauncherRun.run(work, env, bound, command);
        LOG.info("{} took {} s; timings:\n{}", script.getFileName(), lab.took().toSeconds(), read(work.resolve("timings")));
        assertEquals(0, lab.exitCode(), lab.printed());
        return lab;
    }

    /**
     * Removes what a crashed lab left ({@code nslab.sh down} with the lab's own settings: the script removes its lab
     * itself, also when it fails; a killed one cannot).
     */
    static void removeLab(Path nslab, Map<String, String> nslabEnv) throws Exception {
        ProcessBuilder down = new ProcessBuilder(nslab.toString(), "down").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        down.environment().putAll(nslabEnv);
        down.start().waitFor(60, TimeUnit.SECONDS);
    }

    /** The second deploy's recap (WORK/deploy-2.log) has each of {@code hosts} with changed=0 and failed=0. */
    static void assertSecondDeployChangedNothing(Path work, List<String> hosts) throws IOException {
        String recap = read(work.resolve("deploy-2.log"));
        assertTrue(recap.contains("PLAY RECAP"), recap);
        for (String host : hosts) {
            assertTrue(recap.lines().anyMatch(l -> l.startsWith(host + " ") && l.contains("changed=0") && l.contains("failed=0")),
                    host + " unchanged by the second deploy:\n" + recap);
        }
    }

    /**
     * The run NAME, in which the agent peer {@code agent} ran {@code handler} once to restart the SUT: maestro run exited
     * 0 and passed, the action succeeded and stopped the flow (outage > 0), recovery came after the flow resumed (after its only stop), the loss
     * figures add up (the action's within the run's), and the agent's files were fetched. Returns what it read, for the
     * caller's own checks.
     */
    static Restart assertRestartMeasured(Path work, String name, String handler, String agent) throws IOException {
        Path run = onlyRun(work, name);
        assertEquals("0", exitCode(work, name), read(run.resolve("console.log")));
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("passed", s.get("verdict").asText(), s.toString());
        JsonNode action = s.get("actions").get(0);
        assertEquals(handler, action.get("handler").asText());
        assertEquals("succeeded", action.get("outcome").asText(), action.toString());
        long outage = action.get("outageMillis").asLong();
        assertTrue(outage > 0, "the restart stopped the flow: " + action);
        // Recovery counts from the end of the first stop (FaultAnalysis): with one stop it comes after the flow resumed
        // for good; with more (a loaded host may add a stall of its own) the longest stop still ends by the last resume.
        long recovery = action.get("recoveryMillis").asLong();
        long lastResume = action.get("lastResumeMillis").asLong();
        assertTrue(recovery > 0 && lastResume >= outage && (action.get("stops").asInt() > 1 || recovery >= lastResume),
                "recovery comes after the flow resumes: " + action);
        JsonNode totals = s.get("totals");
        assertEquals(totals.get("sent").asLong() - (totals.get("received").asLong() - totals.get("duplicated").asLong()),
                totals.get("lost").asLong(), totals.toString());
        assertTrue(action.get("lost").asLong() <= totals.get("lost").asLong(), action + " vs " + totals);
        assertTrue(Files.exists(run.resolve("peers/" + agent + "/handlers.csv")), "the agent's files are fetched");
        return new Restart(run, s, action);
    }

    /** A restart's run directory, its summary.json and the action in it. */
    record Restart(Path run, JsonNode summary, JsonNode action) {
    }

    /** The one run directory under the run label's directory that run.yml fetched into WORK/runs/NAME. */
    static Path onlyRun(Path work, String name) throws IOException {
        Path fetched = work.resolve("runs").resolve(name);
        try (Stream<Path> labels = Files.list(fetched); Stream<Path> all = Files.walk(fetched, 2)) {
            List<Path> runs = all.filter(p -> Files.isRegularFile(p.resolve("summary.json"))).toList();
            assertEquals(1, runs.size(), "one run fetched into " + fetched + ": " + labels.toList());
            return runs.get(0);
        }
    }

    /** The exit code of maestro run that run.yml wrote beside the run. */
    static String exitCode(Path work, String name) throws IOException {
        try (Stream<Path> files = Files.list(work.resolve("runs").resolve(name))) {
            Path code = files.filter(p -> p.getFileName().toString().endsWith(".exit-code")).findFirst()
                    .orElseThrow(() -> new AssertionError("run.yml wrote no exit code for " + name));
            return read(code).trim();
        }
    }

    static JsonNode peer(JsonNode summary, String name) {
        for (JsonNode p : summary.get("peers")) {
            if (name.equals(p.get("name").asText())) {
                return p;
            }
        }
        return fail("no peer " + name + " in summary.json: " + summary.get("peers"));
    }

    static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(no " + file + ")";
    }

    /** Null when this machine can build a lab (root, {@code ip netns}), else what it lacks. */
    static String whatTheLabLacks() throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "root (it creates network namespaces), not " + System.getProperty("user.name");
        }
        Process ip = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!ip.waitFor(10, TimeUnit.SECONDS) || ip.exitValue() != 0) {
            return "'ip netns' (iproute2 with network namespaces)";
        }
        return null;
    }
}
