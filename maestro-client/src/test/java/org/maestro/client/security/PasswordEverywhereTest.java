package org.maestro.client.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentMain;
import org.maestro.client.MaestroCommand;
import org.maestro.client.PeerProcesses;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.SecretSearch;
import org.maestro.common.testing.TestLab;
import org.maestro.common.testing.WireTap;
import org.maestro.inspector.InspectorMain;
import org.maestro.worker.WorkerMain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A distinctive password everywhere a lab puts one: the control broker's (Mosquitto with a password file, so
 * it is real and every peer and client uses it), every SUT URL, the inspector's management URL and the agent's
 * source. A run that passes and runs that fail on a malformed URL of each kind; then the password is searched
 * in everything the runs and the peers wrote (run directories, data directories, the peers' logs, the consoles)
 * and in every message published on the broker meanwhile, heard by a client subscribed to {@code #}: 0 hits.
 */
@Integration
class PasswordEverywhereTest {
    private static final String USER = "qe";
    private static final String PASSWORD = "Zebra-S3cr3t-77";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withControlBroker(() -> MosquittoBroker.launchSecured(USER, PASSWORD, null)).withArtemis()
            .withArtemisUser(USER, PASSWORD);

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** The control broker's URL with the password, as peers and clients are given it. */
    private static String control() {
        return "mqtt://" + USER + ":" + PASSWORD + "@127.0.0.1:" + ((MosquittoBroker) lab.control()).port();
    }

    @Test
    void aPassingRunAndRunsWithMalformedUrlsLeaveThePasswordInNoFileLogConsoleOrMessage() throws Exception {
        WireTap wire = lab.closeAfterEach(WireTap.listen(BrokerUrl.parse(control())));
        List<ChildJvm> peers = PeerProcesses.awaitReady(List.of(
                PeerProcesses.launch(lab, WorkerMain.class, control(), data, "receiver-1", "--role", "receiver"),
                PeerProcesses.launch(lab, WorkerMain.class, control(), data, "sender-1", "--role", "sender"),
                PeerProcesses.launch(lab, InspectorMain.class, control(), data, "inspector-1"),
                // The agent takes sources of this (unreachable) host, so that it tries to fetch one, credentials and all.
                PeerProcesses.launch(lab, AgentMain.class, control(), data, "agent-1", "--work-dir",
                        data.resolve("agent-work").toString(), "--allow", "https://127.0.0.1:1/")));
        String sut = lab.sut().amqpUrl();
        // The SUT and its management let the same user in with the same password: every URL of the passing run holds it.
        String jolokia = lab.sut().jolokiaUrl(USER, PASSWORD);
        String sutWithPassword = sut.replace("amqp://", "amqp://" + USER + ":" + PASSWORD + "@");
        Path workers = script("workers", "");
        Path inspected = script("inspected", "  inspector 'jolokia', url: param('management', null), interval: '1s'\n");
        Path withAgent = script("with-agent", "  agent {\n    source param('handlers', null)\n    at '1s', run: 'restart.sh'\n  }\n");
        List<String> consoles = new ArrayList<>();

        // A run that passes with the password in the control broker's URL (every peer and the client log in with it),
        // the SUT URL and the management URL.
        MaestroCommand.Result passed = maestro(consoles, "passed", inspected, "url=" + sutWithPassword + "/secrets.passed",
                "management=" + jolokia);
        assertEquals(0, passed.exitCode(), passed.output());
        assertEquals("passed", JSON.readTree(MaestroCommand.onlyRun(runs.resolve("passed")).resolve("summary.json").toFile())
                .path("verdict").asText());

        // Runs that fail, each on one malformed URL that holds the password.
        // {runs subdirectory, script, what the console must say, -P parameters...}
        String[][] failing = {
                {"sut", workers.toString(), "unknown option 'bogus'",
                        "url=" + sut.replace("amqp://", "amqp://admin:" + PASSWORD + "@") + "/secrets.q?bogus=1"},
                {"management", inspected.toString(), "unknown option 'bogus'", "url=" + lab.sut().amqpUrl("secrets.m"),
                        "management=" + lab.sut().jolokiaUrl("admin", PASSWORD) + "?bogus=1"},
                {"agent-source", withAgent.toString(), "agent-1", "url=" + lab.sut().amqpUrl("secrets.a"),
                        "handlers=https://" + USER + ":" + PASSWORD + "@127.0.0.1:1/handlers.git"},
        };
        for (String[] f : failing) {
            MaestroCommand.Result r = maestro(consoles, f[0], Path.of(f[1]), java.util.Arrays.copyOfRange(f, 3, f.length));
            assertTrue(r.exitCode() != 0, f[0] + ": the run fails\n" + r.output());
            assertTrue(r.output().contains(f[2]), f[0] + ": the console says what is wrong:\n" + r.output());
        }
        // A malformed control-broker URL: refused before anything runs.
        MaestroCommand.Result broker = MaestroCommand.run("run", workers.toString(), "--broker", control() + "?bogus=1",
                "--runs", runs.resolve("broker").toString(), "-P", "url=" + lab.sut().amqpUrl("secrets.b"));
        consoles.add(broker.output());
        assertEquals(2, broker.exitCode(), broker.output());
        assertTrue(broker.output().contains("bogus"), broker.output());
        MaestroCommand.Result ping = MaestroCommand.run("ping", "--broker", control());
        consoles.add(ping.output());
        assertEquals(0, ping.exitCode(), ping.output());

        // The peers' logs are complete once they have ended; the wire, once the tap has heard the last will or goodbye.
        peers.forEach(ChildJvm::close);
        Thread.sleep(500);
        wire.close();
        SecretSearch search = new SecretSearch(PASSWORD).files(runs, data);
        for (ChildJvm p : peers) {
            search.files(p.log());
        }
        for (int i = 0; i < consoles.size(); i++) {
            search.text("console of command #" + i, consoles.get(i));
        }
        int files = search.searchedFiles().size();
        // Every reply and notification: what peers say, about a URL or anything else.
        int fromPeers = wire.searchedBy(search, "maestro/client/");
        // Requests carry the SUT, management and source URLs to the peers that use them (which is why the control
        // plane wants a password and TLS): the password may be in a SET or an AGENT_SOURCE, nowhere else.
        SecretSearch requests = new SecretSearch(PASSWORD);
        int toPeers = wire.searchedBy(requests, "maestro/peers/");
        System.out.printf("PasswordEverywhereTest: searched %d files (run and data directories, %d peer logs), %d consoles,"
                + " %d replies and notifications: %s; %d requests, %d of them carrying a URL with the password%n", files,
                peers.size(), consoles.size(), fromPeers, search, toPeers, requests.hits().size());
        assertTrue(fromPeers > 50, "the wire was heard: " + fromPeers + " replies and notifications");
        assertTrue(search.searchedFiles().stream().anyMatch(f -> f.endsWith("report.html"))
                && search.searchedFiles().stream().anyMatch(f -> f.endsWith("junit.xml")), "the runs' files were searched");
        assertEquals(List.of(), search.hits(), "the password " + PASSWORD + " was found in these");
        assertTrue(requests.hits().stream().allMatch(h -> h.endsWith("REQUEST SET") || h.endsWith("REQUEST AGENT_SOURCE")),
                "only a SET or AGENT_SOURCE carries the password: " + requests.hits());
    }

    /** A short fixed-rate test with {@code more} in its block. */
    private Path script(String name, String more) throws Exception {
        Path s = data.resolve(name + ".groovy");
        Files.writeString(s, "test {\n  name '" + name + "'\n  url param('url', null)\n  rate 100\n  duration '2s'\n"
                + "  warmup '0s'\n" + more + "  expect 'loss == 0'\n}\n");
        return s;
    }

    /** {@code maestro run script} over the password-protected broker, into runs/{@code name}; keeps its console. */
    private MaestroCommand.Result maestro(List<String> consoles, String name, Path script, String... params) {
        List<String> args = new ArrayList<>(List.of("run", script.toString(), "--broker", control(),
                "--runs", runs.resolve(name).toString()));
        for (String p : params) {
            args.addAll(List.of("-P", p));
        }
        MaestroCommand.Result r = MaestroCommand.run(args.toArray(String[]::new));
        consoles.add(r.output());
        return r;
    }
}
