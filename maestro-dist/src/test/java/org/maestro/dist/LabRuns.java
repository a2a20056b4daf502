package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** What the namespace labs' tests (LabIT, RouterLabIT) read back: the runs run.yml fetched into WORK/runs/NAME. */
final class LabRuns {
    private LabRuns() {
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
