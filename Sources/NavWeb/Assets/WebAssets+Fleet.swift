extension WebAssets {
    /// The fleet page: every vehicle on one map, gliding between updates; click a vehicle or a list entry for its
    /// navigation page.
    static let fleetScript = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const map = new NavMap($("map"));
        map.insetLeft = 300;
        const vehicles = new Map();   // id -> { summary, x0, y0 (drawn from), x1, y1 (gliding to), start, heading }
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
            if (!map.origin) map.setOrigin(summary.lon, summary.lat);
            const p = map.project(summary.lon, summary.lat);
            let entry = vehicles.get(summary.id);
            if (!entry) {
              entry = { x0: p[0], y0: p[1], x1: p[0], y1: p[1], start: now, heading: 0 };
              vehicles.set(summary.id, entry);
            } else {
              // Glide on from wherever the vehicle is drawn now, over the second until its next update.
              const t = Math.min(1, (now - entry.start) / 1000);
              entry.x0 += (entry.x1 - entry.x0) * t; entry.y0 += (entry.y1 - entry.y0) * t;
              entry.x1 = p[0]; entry.y1 = p[1]; entry.start = now;
            }
            entry.summary = summary;
            if (summary.course !== undefined) entry.heading = summary.course;
          }
          if (!fitted && !map.bounds && vehicles.size) fitVehicles();
          listDirty = true;
        }

        function positionOf(entry, now) {
          const t = Math.min(1, (now - entry.start) / 1000);
          return [entry.x0 + (entry.x1 - entry.x0) * t, entry.y0 + (entry.y1 - entry.y0) * t];
        }

        function fitVehicles() {
          const now = performance.now();
          const points = [...vehicles.values()].map((v) => positionOf(v, now));
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
          const ctx = map.ctx, c = map.camera, w = map.width, h = map.height, fy = map.focusY();
          const cos = Math.cos(c.rotation), sin = Math.sin(c.rotation), k = c.scale;
          ctx.setTransform(map.ratio, 0, 0, map.ratio, 0, 0);
          // One path per colour: a thousand arrows cost a handful of fills, not a thousand.
          const byColour = new Map();
          const size = 7;
          for (const entry of vehicles.values()) {
            const t = Math.min(1, (now - entry.start) / 1000);
            const dx = entry.x0 + (entry.x1 - entry.x0) * t - c.x, dy = c.y - (entry.y0 + (entry.y1 - entry.y0) * t);
            const px = w / 2 + (dx * cos - dy * sin) * k, py = fy + (dx * sin + dy * cos) * k;
            if (px < -10 || py < -10 || px > w + 10 || py > h + 10) continue;
            const colour = colourOf(entry.summary);
            let path = byColour.get(colour);
            if (!path) { path = new Path2D(); byColour.set(colour, path); }
            const a = entry.heading * RAD + c.rotation, ca = Math.cos(a) * size, sa = Math.sin(a) * size;
            // Tip ahead, two corners behind: (0,-1), (0.7,0.8), (-0.7,0.8) turned by the heading.
            path.moveTo(px + sa, py - ca);
            path.lineTo(px + 0.7 * ca - 0.8 * sa, py + 0.7 * sa + 0.8 * ca);
            path.lineTo(px - 0.7 * ca - 0.8 * sa, py - 0.7 * sa + 0.8 * ca);
            path.closePath();
          }
          for (const [colour, path] of byColour) { ctx.fillStyle = colour; ctx.fill(path); }
          window.navbusStats.frames += 1;
          requestAnimationFrame(frame);
        }

        function nearest(x, y) {
          let best = null, bestDistance = 14;
          const now = performance.now();
          for (const [id, entry] of vehicles) {
            const p = map.toScreen(positionOf(entry, now)), d = Math.hypot(p[0] - x, p[1] - y);
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
