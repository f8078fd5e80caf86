extension WebAssets {
    /// The fleet page: every vehicle on one map, gliding between updates; click a vehicle or a list entry for its
    /// navigation page.
    static let fleetScript = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const map = new NavMap($("map"));
        map.insetLeft = 300;
        const vehicles = new Map();   // id -> { summary, glide, heading }
        const COLOURS = { enroute: "#1a73e8", rerouting: "#f29900", stopped: "#5f6368", idle: "#9aa0a6", alert: "#d93025" };
        const LIST_LIMIT = 200;
        let listDirty = true, fitted = false;

        function colourOf(summary) {
          if (summary.alert === "minor" || summary.alert === "major") return COLOURS.alert;
          return COLOURS[summary.state] || COLOURS.idle;
        }

        function onFleet(batch) {
          const now = performance.now();
          for (const summary of batch.vehicles) {
            let entry = vehicles.get(summary.id);
            if (!entry) { entry = { glide: new Glide(), heading: summary.course || 0 }; vehicles.set(summary.id, entry); }
            entry.summary = summary;
            if (!map.origin) map.setOrigin(summary.lon, summary.lat);
            entry.glide.set(map.project(summary.lon, summary.lat), now, 1000);
            if (summary.course !== undefined) entry.heading = summary.course;
          }
          if (!fitted && !map.bounds && vehicles.size) fitVehicles();
          listDirty = true;
        }

        function fitVehicles() {
          const points = [...vehicles.values()].map((v) => v.glide.at(performance.now())).filter(Boolean);
          if (!points.length) return;
          const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
          map.fit(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), 80);
          fitted = true;
        }

        function describe(summary) {
          const parts = [summary.state || "no route"];
          if (summary.speed !== undefined) parts.push(`${Math.round(summary.speed * 3.6)} km/h`);
          if (summary.eta !== undefined) parts.push(`${Math.round(summary.eta / 60)} min to go`);
          return parts.join(" · ");
        }

        function renderList() {
          if (!listDirty) return;
          listDirty = false;
          const filter = $("fleet-filter").value.trim().toLowerCase();
          const ids = [...vehicles.keys()].filter((id) => !filter || id.toLowerCase().includes(filter)).sort();
          $("fleet-count").textContent = String(vehicles.size);
          const list = $("fleet-list");
          list.textContent = "";
          for (const id of ids.slice(0, LIST_LIMIT)) {
            const s = vehicles.get(id).summary, item = document.createElement("li"), link = document.createElement("a");
            link.href = `/vehicle/${encodeURIComponent(id)}`;
            const name = document.createElement("span"); name.className = "id"; name.textContent = id;
            const line = document.createElement("div"); line.className = s.alert ? "alert" : "state";
            line.textContent = s.alert ? `speeding (${s.alert}) · ${describe(s)}` : describe(s);
            const road = document.createElement("div"); road.textContent = s.next || s.road || "";
            link.append(name, line, road); item.append(link); list.append(item);
          }
          if (ids.length > LIST_LIMIT) {
            const more = document.createElement("li"); more.textContent = `… ${ids.length - LIST_LIMIT} more (filter by id)`;
            list.append(more);
          }
        }

        function frame() {
          const now = performance.now();
          map.drawBase(true);
          const ctx = map.ctx, scale = 1;
          ctx.setTransform(map.ratio, 0, 0, map.ratio, 0, 0);
          // One path per colour: a thousand arrows cost four fills, not a thousand.
          const byColour = new Map();
          for (const entry of vehicles.values()) {
            const point = entry.glide.at(now);
            if (!point) continue;
            const p = map.toScreen(point), colour = colourOf(entry.summary);
            if (p[0] < -10 || p[1] < -10 || p[0] > map.width + 10 || p[1] > map.height + 10) continue;
            let path = byColour.get(colour);
            if (!path) { path = new Path2D(); byColour.set(colour, path); }
            const a = entry.heading * RAD, s = 7 * scale, cos = Math.cos(a), sin = Math.sin(a);
            const corner = (x, y) => [p[0] + x * cos - y * sin, p[1] + x * sin + y * cos];
            const tip = corner(0, -s), right = corner(s * 0.7, s * 0.8), left = corner(-s * 0.7, s * 0.8);
            path.moveTo(tip[0], tip[1]); path.lineTo(right[0], right[1]); path.lineTo(left[0], left[1]); path.closePath();
          }
          ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1.5;
          for (const [colour, path] of byColour) { ctx.fillStyle = colour; ctx.stroke(path); ctx.fill(path); }
          window.navbusStats.frames += 1;
          requestAnimationFrame(frame);
        }

        function nearest(x, y) {
          let best = null, bestDistance = 14;
          const now = performance.now();
          for (const [id, entry] of vehicles) {
            const point = entry.glide.at(now);
            if (!point) continue;
            const p = map.toScreen(point), d = Math.hypot(p[0] - x, p[1] - y);
            if (d < bestDistance) { best = id; bestDistance = d; }
          }
          return best;
        }

        map.canvas.addEventListener("click", (e) => {
          const id = nearest(e.clientX, e.clientY);
          if (id) location.href = `/vehicle/${encodeURIComponent(id)}`;
        });
        map.canvas.addEventListener("mousemove", (e) => {
          const id = nearest(e.clientX, e.clientY), tip = $("fleet-tooltip");
          tip.classList.toggle("hidden", !id);
          map.canvas.style.cursor = id ? "pointer" : "default";
          if (!id) return;
          const s = vehicles.get(id).summary;
          tip.textContent = `${id}: ${describe(s)}${s.road ? " · " + s.road : ""}`;
          tip.style.left = `${e.clientX + 12}px`; tip.style.top = `${e.clientY + 12}px`;
        });
        map.canvas.addEventListener("wheel", (e) => {
          e.preventDefault();
          map.camera.scale = Math.min(20, Math.max(0.005, map.camera.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
        }, { passive: false });
        $("fleet-filter").addEventListener("input", () => { listDirty = true; renderList(); });
        window.addEventListener("resize", () => { if (map.bounds) map.fitAll(); });

        loadRoads(map).then(() => { if (map.bounds) { map.fitAll(); fitted = true; } });
        const events = new EventSource("/events");
        events.addEventListener("fleet", (e) => onFleet(JSON.parse(e.data)));
        events.onopen = () => setStatus("live", true);
        events.onerror = () => setStatus("reconnecting…", false);
        setInterval(renderList, 1000);
        requestAnimationFrame(frame);
        """#
}
