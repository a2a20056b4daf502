package org.maestro.client.local;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.topology.Topology;
import org.maestro.common.note.TestOptions;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Inspectors named by router: each becomes a peer of its own on that router's management URL, in assignment order. */
class RouterInspectorsTest {
    private static final Topology LINE = Topology.line(3);

    @Test
    void allGivesOnePeerPerRouterNamedAfterItAndAUrlInspectorKeepsItsName() {
        List<RouterInspectors.Named> named = RouterInspectors.expand(List.of(spec("amqp://lab:5672"),
                        spec(RouterInspectors.placeholder(List.of("all"), RouterInspectors.PEER_PER_ROUTER))),
                LINE, r -> "amqp://127.0.0.1:" + r.substring(r.length() - 1));
        assertEquals(List.of("inspector-1", "inspector-router-1", "inspector-router-2", "inspector-router-3"),
                named.stream().map(RouterInspectors.Named::peer).toList());
        RouterInspectors.Named second = named.get(2);
        assertEquals("amqp://127.0.0.1:2", second.spec().url());
        assertEquals("amqp://127.0.0.1:2", second.spec().options().get(TestOptions.MANAGEMENT_URL));
        assertEquals("qpid-dispatch", second.spec().options().get(TestOptions.INSPECTOR_DATASETS), "the script's settings kept");
        assertEquals("amqp://lab:5672", named.get(0).spec().url());
    }

    @Test
    void anUnknownRouterOrOneInspectedTwiceIsRefusedInOneLine() {
        assertEquals("inspector router: 'router-4': line 3 has no such router (did you mean 'router-1'?) (or give 'all')",
                assertThrows(IllegalArgumentException.class, () -> RouterInspectors.expand(
                        List.of(spec(RouterInspectors.placeholder(List.of("router-4"), RouterInspectors.PEER_PER_ROUTER))), LINE, r -> r)).getMessage());
        assertEquals("inspector router: 'all': router-2 is inspected twice", assertThrows(IllegalArgumentException.class,
                () -> RouterInspectors.expand(List.of(spec(RouterInspectors.placeholder(List.of("router-2"), RouterInspectors.PEER_PER_ROUTER)),
                        spec(RouterInspectors.placeholder(List.of("all"), RouterInspectors.PEER_PER_ROUTER))), LINE, r -> r)).getMessage());
        assertEquals("inspector router: 'router-2': no topology of routers is started", assertThrows(IllegalArgumentException.class,
                () -> RouterInspectors.expand(List.of(spec(RouterInspectors.placeholder(List.of("router-2"), RouterInspectors.PEER_PER_ROUTER))),
                        null, r -> r)).getMessage());
    }

    @Test
    void peersOneIsOnePeerSamplingEachNamedRouterAndIsRefusedLikeAPeerPerRouter() {
        List<RouterInspectors.Named> named = RouterInspectors.expand(List.of(spec("amqp://lab:5672"),
                spec(RouterInspectors.placeholder(List.of("all"), RouterInspectors.ONE_PEER))), LINE, r -> "amqp://127.0.0.1:" + r.substring(r.length() - 1));
        assertEquals(List.of("inspector-1", "inspector-2"), named.stream().map(RouterInspectors.Named::peer).toList());
        String url = "router-1=amqp://127.0.0.1:1,router-2=amqp://127.0.0.1:2,router-3=amqp://127.0.0.1:3";
        assertEquals(url, named.get(1).spec().url());
        assertEquals(url, named.get(1).spec().options().get(TestOptions.MANAGEMENT_URL));
        assertEquals("router-3=amqp://127.0.0.1:3,router-1=amqp://127.0.0.1:1", RouterInspectors.expand(
                List.of(spec(RouterInspectors.placeholder(List.of("router-3", "router-1"), RouterInspectors.ONE_PEER))), LINE,
                r -> "amqp://127.0.0.1:" + r.substring(r.length() - 1)).get(0).spec().url());
        assertEquals("inspector router: 'router-1,route-2', peers: 'one': line 3 has no such router (did you mean 'router-2'?) (or give 'all')",
                assertThrows(IllegalArgumentException.class, () -> RouterInspectors.expand(List.of(spec(
                        RouterInspectors.placeholder(List.of("router-1", "route-2"), RouterInspectors.ONE_PEER))), LINE, r -> r)).getMessage());
        assertEquals("inspector router: 'all', peers: 'one': router-2 is inspected twice", assertThrows(IllegalArgumentException.class,
                () -> RouterInspectors.expand(List.of(spec(RouterInspectors.placeholder(List.of("router-2"), RouterInspectors.PEER_PER_ROUTER)),
                        spec(RouterInspectors.placeholder(List.of("all"), RouterInspectors.ONE_PEER))), LINE, r -> r)).getMessage());
    }

    @Test
    void aListOfRoutersIsAPeerEachAndPeersIsOneOrPerRouter() {
        assertEquals(List.of("inspector-router-1", "inspector-router-3"), RouterInspectors.expand(List.of(spec(
                RouterInspectors.placeholder(List.of("router-3", "router-1"), RouterInspectors.PEER_PER_ROUTER))), LINE, r -> r)
                .stream().map(RouterInspectors.Named::peer).toList());
        assertEquals("peers: 'two': 'one' (one inspector peer samples the routers) or 'per-router' (a peer per router, the default)",
                assertThrows(IllegalArgumentException.class, () -> RouterInspectors.placeholder(List.of("all"), "two")).getMessage());
    }

    private static TestPlan.InspectorSpec spec(String url) {
        return new TestPlan.InspectorSpec("amqp-management", url, Map.of(TestOptions.MANAGEMENT_URL, url,
                TestOptions.INSPECTOR_DATASETS, "qpid-dispatch"));
    }
}
