package org.maestro.dist;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.Phases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.JunitSchema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Jenkinsfile cannot drift from the command line: its {@code sh} steps run in order, as Jenkins would run them
 * ({@code sh -xe}, the build's parameters in the environment), in a scratch workspace against {@code --local}, two
 * nights in a row (the second has the first as its baseline); then every path its junit, archiveArtifacts and
 * publishHTML steps name must exist, and junit.xml must be JUnit as Jenkins reads it. No Jenkins can be installed
 * here: the file is also parsed as Groovy, which is how Jenkins reads it before its declarative checks.
 */
@Integration
class JenkinsfileTest {
    private static final Path SOURCE_ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path JENKINSFILE = SOURCE_ROOT.resolve("Jenkinsfile");
    /** Every shell script the file runs, in the order they appear (Build, then the Run stage's runMaestro). */
    private static final Pattern SH = Pattern.compile("(?:\\bsh\\s+|\\bscript:\\s*)'''(.*?)'''", Pattern.DOTALL);
    private static final Pattern PARAMETER = Pattern.compile("string\\(name: '(\\w+)', defaultValue: '([^']*)'");
    private static final Duration NIGHT = Duration.ofSeconds(120);

    @TempDir
    Path workspace;

    @Test
    void theJenkinsfileParsesAsGroovy() throws IOException {
        CompilationUnit unit = new CompilationUnit(new GroovyClassLoader());
        unit.addSource("Jenkinsfile", Files.readString(JENKINSFILE));
        unit.compile(Phases.CONVERSION);   // a syntax error throws, naming the line
        String text = Files.readString(JENKINSFILE);
        for (String directive : List.of("pipeline {", "agent ", "parameters {", "stages {", "post {", "always {")) {
            assertTrue(text.contains(directive), "the declarative pipeline has " + directive);
        }
    }

    @Test
    void twoNightsOfItsShStepsLeaveEveryPathItPublishes() throws Exception {
        String jenkinsfile = Files.readString(JENKINSFILE);
        List<String> scripts = new ArrayList<>();
        Matcher m = SH.matcher(jenkinsfile);
        while (m.find()) {
            scripts.add(m.group(1));
        }
        assertEquals(2, scripts.size(), "the Build step and the Run step: " + scripts);
        Path scenarios = Files.createSymbolicLink(workspace.resolve("test-scripts"), SOURCE_ROOT.resolve("test-scripts"));
        try {
            nights(jenkinsfile, scripts);
        } finally {
            Files.delete(scenarios);   // the link, not the project's scenarios
        }
    }

    private void nights(String jenkinsfile, List<String> scripts) throws Exception {
        launcher(workspace.resolve("bin/maestro"));

        Map<String, String> env = new HashMap<>(System.getenv());
        Matcher p = PARAMETER.matcher(jenkinsfile);
        while (p.find()) {
            env.put(p.group(1), p.group(2));   // a build with the defaults...
        }
        assertEquals("", env.get("BROKER"), "the default runs on the agent itself (--local)");
        // ...but a short test, at a rate and latency bound a busy machine keeps, so the first night passes and is a baseline.
        env.put("PARAMS", "duration=3s warmup=1s warmupSendDelay=off rate=20 p99=30s");

        for (int night = 1; night <= 2; night++) {
            assertEquals(0, sh(scripts.get(0), env).exitCode(), "Build");
            LauncherRun run = sh(scripts.get(1), env);
            assertTrue(run.exitCode() == 0 || night == 2 && run.exitCode() == 1, "night " + night + ": " + run.printed());
            if (night == 2) {
                assertTrue(run.out().contains("comparison: "), "the second night is compared with the first: " + run.printed());
            }
        }

        // The post steps: the run named by runs/latest, and every path the publishing steps name in it.
        Matcher latest = Pattern.compile("String run = '([^']+)' \\+ readFile\\('([^']+)'\\)\\.trim\\(\\)").matcher(jenkinsfile);
        assertTrue(latest.find(), "the post steps read the run from " + RunLayout.LATEST);
        Path latestFile = workspace.resolve(latest.group(2));
        assertEquals(workspace.resolve("runs").resolve(RunLayout.LATEST), latestFile);
        String run = latest.group(1) + Files.readString(latestFile, StandardCharsets.UTF_8).trim();
        Map<String, String> published = new LinkedHashMap<>();
        published.put("junit", one(jenkinsfile, "junit testResults: \"([^\"]+)\""));
        published.put("archiveArtifacts", one(jenkinsfile, "archiveArtifacts artifacts: \"([^\"]+)\""));
        Matcher html = Pattern.compile("reportDir: run, reportFiles: '([^']+)'").matcher(jenkinsfile);
        while (html.find()) {
            published.put("publishHTML " + html.group(1), "${run}/" + html.group(1));
        }
        assertEquals(4, published.size(), "junit, the archive, report.html and comparison.html: " + published);
        for (Map.Entry<String, String> e : published.entrySet()) {
            String path = e.getValue().replace("${run}", run);
            if (path.endsWith("/**")) {
                Path dir = workspace.resolve(path.substring(0, path.length() - 3));
                try (Stream<Path> files = Files.walk(dir)) {
                    assertTrue(files.filter(Files::isRegularFile).count() > 10, e.getKey() + " " + path + " archives the run's files");
                }
            } else {
                assertTrue(Files.isRegularFile(workspace.resolve(path)), e.getKey() + " names " + path + ", which exists");
            }
        }
        JunitSchema.check(workspace.resolve(published.get("junit").replace("${run}", run)));
        String junit = Files.readString(workspace.resolve(published.get("junit").replace("${run}", run)));
        assertTrue(junit.contains(".baseline\"") && junit.contains("time=\""), "the baseline suite, timed: " + junit);
        assertFalse(jenkinsfile.contains("${params."), "parameters reach the shell as environment variables, never spliced in");
    }

    private static String one(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "the Jenkinsfile has " + regex);
        return m.group(1);
    }

    /** One sh step as Jenkins runs it: {@code sh -xe} on the script, in the workspace. */
    private LauncherRun sh(String script, Map<String, String> env) throws IOException, InterruptedException {
        Path file = Files.createTempFile(workspace, "script", ".sh");
        Files.writeString(file, script);
        return LauncherRun.run(workspace, env, NIGHT, "sh", "-xe", file.toString());
    }

    /**
     * The workspace's bin/maestro: the built client on this test's class path, as the real launcher runs it once built
     * (it would otherwise run mvn install, which a test must not).
     */
    private static void launcher(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(file, "#!/bin/sh\nexec '" + java + "' -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp '"
                + System.getProperty("java.class.path") + "' org.maestro.client.cli.MaestroMain \"$@\"\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
