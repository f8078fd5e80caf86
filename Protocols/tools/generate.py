#!/usr/bin/env python3
"""Writes the JSON Schemas and asyncapi.yaml under Protocols/ from the definitions below.

The schemas share building blocks (a waypoint, a GeoJSON LineString, a route leg …). Each schema file
stays self-contained, so any draft-07 validator or AsyncAPI tool can load one file alone; this script
copies the blocks each file uses into its `definitions`. Edit the definitions here, run

    python3 Protocols/tools/generate.py

and commit the result; tests/interop/test_protocols.py fails when the files are out of date.
Standard library only.
"""

from __future__ import annotations

import copy
import json
import pathlib
import re
import sys

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
ROOT = pathlib.Path(__file__).resolve().parent.parent


def ref(name: str) -> dict:
    return {"$ref": f"#/definitions/{name}"}


def number(description: str, minimum: float | None = 0, **extra) -> dict:
    schema: dict = {"type": "number", "description": description}
    if minimum is not None:
        schema["minimum"] = minimum
    schema.update(extra)
    return schema


def string_enum(description: str, values: list[str]) -> dict:
    return {"type": "string", "description": description, "enum": values}


def obj(description: str, required: list[str], properties: dict, **extra) -> dict:
    schema = {
        "type": "object",
        "description": description,
        "required": required,
        "properties": properties,
        "additionalProperties": True,
    }
    if not required:
        del schema["required"]
    schema.update(extra)
    return schema


# Shared building blocks ------------------------------------------------------------------------------

# The navigator options shared by the whole configuration (a result) and a partial configure (its params).
NAVIGATOR_OPTIONS = {
    "timeUpdateThreshold": number("Seconds."),
    "distanceUpdateThreshold": number("Metres."),
    "travelMode": ref("travelMode"),
    "avoidsHighways": {"type": "boolean"},
    "avoidsTolls": {"type": "boolean"},
    "avoidsFerries": {"type": "boolean"},
    "stopGuidanceAtArrival": {"type": "boolean"},
    "voiceGuidance": ref("voiceGuidance"),
    "volumeLevel": ref("volumeLevel"),
    "units": ref("units"),
    "language": ref("language"),
}

DEFINITIONS: dict[str, dict] = {
    "latitude": number("WGS84 latitude in degrees.", -90, maximum=90),
    "longitude": number("WGS84 longitude in degrees.", -180, maximum=180),
    "timestamp": {
        "type": "string",
        "format": "date-time",
        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$",
        "description": "An RFC 3339 date-time in UTC, e.g. 2026-11-29T16:05:12.250Z.",
    },
    "course": number("Degrees clockwise from true north.", 0, exclusiveMaximum=360),
    "speed": number("Metres per second."),
    "meters": number("Metres."),
    "seconds": number("Seconds."),
    "percentageAboveLimit": number("Percentage above the speed limit; 0 at or below it."),
    "hexColour": {
        "type": "string",
        "pattern": "^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$",
        "description": "#RRGGBB or #RRGGBBAA.",
    },
    "coordinate": obj(
        "A WGS84 position.", ["latitude", "longitude"], {"latitude": ref("latitude"), "longitude": ref("longitude")}
    ),
    "waypoint": obj(
        "A place to drive to, by placeID (map element such as osm:node/123, or a places-catalogue entry) or by "
        "coordinates. With both, the placeID wins.",
        ["title"],
        {
            "title": {"type": "string", "description": "What to show the driver."},
            "placeID": {"type": "string", "minLength": 1},
            "latitude": ref("latitude"),
            "longitude": ref("longitude"),
        },
        anyOf=[{"required": ["placeID"]}, {"required": ["latitude", "longitude"]}],
        dependencies={"latitude": ["longitude"], "longitude": ["latitude"]},
    ),
    "lineString": obj(
        "A GeoJSON LineString (RFC 7946); positions are [longitude, latitude] or [longitude, latitude, altitude].",
        ["type", "coordinates"],
        {
            "type": {"const": "LineString"},
            "coordinates": {
                "type": "array",
                "minItems": 2,
                "items": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 3,
                    "items": [ref("longitude"), ref("latitude"), {"type": "number"}],
                },
            },
        },
    ),
    "travelMode": string_enum("How the vehicle travels.", ["driving", "cycling", "walking", "twoWheeler", "taxi"]),
    "voiceGuidance": string_enum(
        "Which voice prompts are spoken: none, reroutes and speed alerts only, or everything (the SDK's "
        "voiceGuidance).",
        ["silent", "alertsOnly", "alertsAndGuidance"],
    ),
    "volumeLevel": string_enum("How loud voice prompts are played (the SDK's volumeLevel).", ["low", "normal", "high"]),
    "units": string_enum("Metric (metres, km/h) or imperial (feet, miles, mph) prompts.", ["metric", "imperial"]),
    "language": string_enum("The language of voice prompts, as a BCP 47 tag.", ["en", "fi"]),
    "routeStatus": string_enum(
        "The outcome of a routing request.",
        [
            "OK",
            "noRouteFound",
            "noWaypointsError",
            "duplicateWaypointsError",
            "waypointError",
            "locationUnavailable",
            "travelModeUnsupported",
            "canceled",
            "internalError",
        ],
    ),
    "alternateRoutesStrategy": string_enum(
        "How many alternatives to return beside the best route.", ["none", "one", "all"]
    ),
    "delayCategory": string_enum("Traffic delay to the next destination.", ["noData", "heavy", "medium", "light"]),
    "lightingMode": string_enum("A display lighting mode.", ["normal", "lowLight"]),
    "navState": string_enum("The guidance state.", ["idle", "enroute", "rerouting", "stopped"]),
    "maneuver": obj(
        "What the driver does where a step starts.",
        ["type"],
        {
            "type": string_enum(
                "The kind of maneuver.",
                [
                    "depart", "turn", "continue", "merge", "onRamp", "offRamp", "fork", "roundabout", "exitRoundabout",
                    "uturn", "ferry", "leaveFerry", "arrive",
                ],
            ),
            "modifier": string_enum(
                "The direction.",
                ["left", "right", "slightLeft", "slightRight", "sharpLeft", "sharpRight", "straight", "uturn"],
            ),
            "roundaboutExit": {"type": "integer", "minimum": 1, "description": "Which exit to take, 1 = the first."},
        },
    ),
    "routeLeg": obj(
        "The drive to one destination. Segment i runs from geometry position i to i + 1, so the optional "
        "per-segment arrays have one element fewer than the geometry has positions.",
        ["destination", "distanceMeters", "durationSeconds", "geometry"],
        {
            "destination": ref("waypoint"),
            "distanceMeters": ref("meters"),
            "durationSeconds": ref("seconds"),
            "geometry": ref("lineString"),
            "segmentSpeedLimits": {
                "type": "array",
                "description": "Speed limit of each segment in m/s; null where unknown.",
                "items": {"type": ["number", "null"], "minimum": 0},
            },
            "segmentSpeeds": {
                "type": "array",
                "description": "Free-flow speed of each segment in m/s.",
                "items": ref("speed"),
            },
            "destinationSide": ref("streetSide"),
        },
    ),
    "streetSide": string_enum(
        "The side of the road the destination lies on, seen in the direction of travel at arrival; absent when "
        "it lies on the road itself.",
        ["left", "right"],
    ),
    "avoidableRoad": string_enum("A kind of road a request can ask to avoid.", ["highways", "tolls", "ferries"]),
    "snappedWaypoint": obj(
        "Where a requested waypoint joined the road network (like OSRM's waypoint object).",
        ["latitude", "longitude", "distanceMeters"],
        {
            "latitude": ref("latitude"),
            "longitude": ref("longitude"),
            "distanceMeters": number("How far the waypoint was moved onto the road, in metres."),
            "roadName": {"type": "string", "description": "The road it snapped onto, when it has a name."},
        },
    ),
    "navStep": obj(
        "One instruction of the turn-by-turn feed.",
        ["stepNumber", "maneuver", "instruction", "distanceMeters", "durationSeconds"],
        {
            "stepNumber": {"type": "integer", "minimum": 0},
            "maneuver": ref("maneuver"),
            "roadName": {"type": "string"},
            "instruction": {"type": "string"},
            "distanceMeters": ref("meters"),
            "durationSeconds": ref("seconds"),
        },
    ),
    "routeStep": obj(
        "One instruction of a planned route.",
        ["maneuver", "instruction", "distanceMeters", "durationSeconds", "geometry"],
        {
            "maneuver": ref("maneuver"),
            "roadName": {"type": "string"},
            "instruction": {"type": "string"},
            "distanceMeters": ref("meters"),
            "durationSeconds": ref("seconds"),
            "geometry": ref("lineString"),
        },
    ),
    "route": obj(
        "A complete route through every waypoint of a request.",
        ["distanceMeters", "durationSeconds", "legs", "steps", "geometry"],
        {
            "distanceMeters": ref("meters"),
            "durationSeconds": ref("seconds"),
            "legs": {"type": "array", "items": ref("routeLeg")},
            "steps": {"type": "array", "items": ref("routeStep")},
            "geometry": ref("lineString"),
            "violatedAvoids": {
                "type": "array",
                "description": "Kinds of road the request asked to avoid that this route still uses: no route "
                "without them exists, or only one more than twice as long (or 2 km longer) as the fastest.",
                "items": ref("avoidableRoad"),
            },
        },
    ),
    "snappedLocation": obj(
        "A road-snapped location.",
        ["latitude", "longitude", "timestamp", "onRoute"],
        {
            "latitude": ref("latitude"),
            "longitude": ref("longitude"),
            "altitude": {"type": "number", "description": "Metres above mean sea level."},
            "course": ref("course"),
            "speed": ref("speed"),
            "timestamp": ref("timestamp"),
            "onRoute": {"type": "boolean"},
            "roadName": {"type": "string"},
            "speedLimit": ref("speed"),
        },
    ),
    "speedAlertOptions": obj(
        "When speeding becomes a minor or a major alert.",
        ["minorPercentage", "majorPercentage", "severityUpgradeDurationSeconds"],
        {
            "minorPercentage": number("Percentage above the limit from which speeding is minor."),
            "majorPercentage": number("Percentage above the limit from which speeding is major."),
            "severityUpgradeDurationSeconds": number("Seconds of uninterrupted minor speeding after which it is reported as major."),
        },
    ),
    "navigatorConfiguration": obj(
        "A vehicle's complete navigator options.",
        [
            "timeUpdateThreshold",
            "distanceUpdateThreshold",
            "travelMode",
            "avoidsHighways",
            "avoidsTolls",
            "avoidsFerries",
            "stopGuidanceAtArrival",
            "speedAlertOptions",
        ],
        {**NAVIGATOR_OPTIONS, "speedAlertOptions": ref("speedAlertOptions")},
    ),
    "vehicle": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "^[^\\s\\x00-\\x1f\\x7f](?:[^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f])?$",
        "default": "default",
        "description": "The vehicle the call is for; \"default\" when absent. At most 64 bytes of UTF-8 (maxLength counts characters, so it is the looser bound), no control characters, no spaces at either end.",
    },
    "speedProfile": {
        "type": "string",
        "description": "How fast a simulated vehicle drives: \"limit\" (each road's posted limit, else the travel "
        "mode's speed), \"limit+15%\" or \"limit-10%\" (the limit scaled), \"constant:13.9\" (m/s on every road).",
        "pattern": r"^(limit([+-][0-9]+(\.[0-9]+)?%)?|constant:[0-9]+(\.[0-9]+)?)$",
        "examples": ["limit", "limit+15%", "limit-10%", "constant:13.9"],
    },
    "simulatorStatus": obj(
        "What the location simulator does now.",
        ["mode", "paused", "speedMultiplier", "jitterMeters", "speedProfile"],
        {
            "mode": string_enum("What the simulator produces fixes for.", ["stopped", "route", "location"]),
            "paused": {"type": "boolean"},
            "speedMultiplier": number("How much faster than real time the drive runs.", None, exclusiveMinimum=0),
            "jitterMeters": ref("meters"),
            "speedProfile": ref("speedProfile"),
            "leaveRouteAtMeters": ref("meters"),
            "distanceAlongRouteMeters": ref("meters"),
        },
    ),
}

# Topic payloads --------------------------------------------------------------------------------------

TOPICS: dict[str, dict] = {
    "gps.fix.v1": obj(
        "A raw device location, as a phone's location manager reports it. Published by navbus-feeder.",
        ["latitude", "longitude", "timestamp", "source"],
        {
            "latitude": ref("latitude"),
            "longitude": ref("longitude"),
            "altitude": {"type": "number", "description": "Metres above mean sea level."},
            "course": ref("course"),
            "speed": ref("speed"),
            "horizontalAccuracy": number("Radius of the 68 % confidence circle in metres."),
            "timestamp": ref("timestamp"),
            "source": {"type": "string", "description": "simulator, gpsd, nmea or gpx."},
            "satellites": {"type": "integer", "minimum": 0},
        },
    ),
    "nav.location.v1": {
        **DEFINITIONS["snappedLocation"],
        "description": "The road-snapped location (didUpdateLocation): on the route while the vehicle follows "
        "it, else the nearest road position, or the raw fix when no road is near (onRoute false).",
    },
    "nav.arrival.v1": obj(
        "The vehicle reached a waypoint (didArriveAtWaypoint).",
        ["waypoint", "waypointIndex", "isFinalDestination"],
        {
            "waypoint": ref("waypoint"),
            "waypointIndex": {
                "type": "integer",
                "minimum": 0,
                "description": "Index in the waypoints of the last navigator.setDestinations, 0 for the first.",
            },
            "isFinalDestination": {"type": "boolean"},
        },
    ),
    "nav.route_changed.v1": obj(
        "The route changed (navigatorDidChangeRoute). Carries the legs still to drive, the current one first.",
        ["reason", "routeLegs", "currentRouteLegIndex"],
        {
            "reason": string_enum(
                "Why the route changed.", ["newDestinations", "offRoute", "fasterRoute", "nextDestination", "cleared"]
            ),
            "routeLegs": {
                "type": "array",
                "items": ref("routeLeg"),
                "description": "The legs still to drive, the current one first; empty when cleared.",
            },
            "currentRouteLegIndex": {
                "type": "integer",
                "minimum": 0,
                "description": "Index of the current leg among the trip's legs as planned (0 for the first), so "
                "it grows as intermediate destinations are passed; 0 when routeLegs is empty.",
            },
            "alternateRoutes": {
                "type": "array",
                "items": ref("route"),
                "description": "With newDestinations, other ways to drive the trip as the setDestinations "
                "alternateRoutesStrategy asks (all by default, as the SDK): each differs from the route in one leg.",
            },
        },
    ),
    "nav.remaining_time.v1": obj(
        "The time to the next destination changed by at least timeUpdateThreshold (didUpdateRemainingTime).",
        ["seconds"],
        {"seconds": ref("seconds")},
    ),
    "nav.remaining_distance.v1": obj(
        "The distance to the next destination changed by at least distanceUpdateThreshold "
        "(didUpdateRemainingDistance).",
        ["meters"],
        {"meters": ref("meters")},
    ),
    "nav.delay_category.v1": obj(
        "The traffic delay category to the next destination changed (didUpdateDelayCategory).",
        ["category", "categoryNumber"],
        {
            "category": ref("delayCategory"),
            "categoryNumber": {
                "type": "integer",
                "minimum": 0,
                "maximum": 3,
                "description": "The SDK's number: 0 noData, 1 heavy, 2 medium, 3 light.",
            },
        },
        oneOf=[
            {"properties": {"category": {"const": name}, "categoryNumber": {"const": number}}}
            for number, name in enumerate(["noData", "heavy", "medium", "light"])
        ],
    ),
    "nav.lighting_mode.v1": obj(
        "The suggested lighting mode changed (didChangeSuggestedLightingMode).",
        ["mode", "sunElevationDegrees"],
        {
            "mode": ref("lightingMode"),
            "sunElevationDegrees": number("The sun's elevation at the vehicle, without refraction.", -90, maximum=90),
        },
    ),
    "nav.speeding.v1": obj(
        "How far the vehicle is above the speed limit (didUpdateSpeedingPercentage) and the alert severity.",
        ["percentageAboveLimit", "severity", "speed"],
        {
            "percentageAboveLimit": ref("percentageAboveLimit"),
            "severity": string_enum("The navigator's judgement.", ["notSpeeding", "minor", "major", "unknown"]),
            "speed": ref("speed"),
            "speedLimit": ref("speed"),
        },
    ),
    "nav.nav_info.v1": obj(
        "The turn-by-turn feed. Distances and times are absent without a route.",
        ["navState", "remainingSteps"],
        {
            "navState": ref("navState"),
            "currentStep": ref("navStep"),
            "remainingSteps": {"type": "array", "items": ref("navStep")},
            "distanceToCurrentStepMeters": ref("meters"),
            "timeToCurrentStepSeconds": ref("seconds"),
            "distanceToNextDestinationMeters": ref("meters"),
            "timeToNextDestinationSeconds": ref("seconds"),
            "distanceToFinalDestinationMeters": ref("meters"),
            "timeToFinalDestinationSeconds": ref("seconds"),
        },
    ),
    "nav.voice_prompt.v1": obj(
        "Something to say to the driver (voice guidance). A speaker plays text at volumeLevel, and drops a prompt "
        "it could not start before validUntil: by then the vehicle is past the point it was meant for.",
        [
            "text",
            "kind",
            "routeLegIndex",
            "stepIndex",
            "distanceMeters",
            "language",
            "units",
            "volumeLevel",
            "time",
            "validUntil",
        ],
        {
            "text": {"type": "string", "minLength": 1, "description": "The sentence to speak."},
            "kind": string_enum(
                "The stage of guidance: departure, preTransition (about 300 m before), transition (about 10 s "
                "before), postTransition (after the maneuver, on a long step), arrival, reroute, speedAlert.",
                ["departure", "preTransition", "transition", "postTransition", "arrival", "reroute", "speedAlert"],
            ),
            "routeLegIndex": {"type": "integer", "minimum": 0, "description": "The route leg the maneuver is on."},
            "stepIndex": {"type": "integer", "minimum": 0, "description": "The step within the leg."},
            "distanceMeters": ref("meters"),
            "language": ref("language"),
            "units": ref("units"),
            "volumeLevel": ref("volumeLevel"),
            "time": ref("timestamp"),
            "validUntil": ref("timestamp"),
        },
    ),
    "alert.speeding.v1": obj(
        "A speed alert was raised, changed or cleared. raised is true when the message starts or escalates an "
        "alert, false when it lowers or clears one; a cleared alert has severity none. Published by "
        "navbus-speeding-alerter.",
        ["severity", "since", "speed", "percentageAboveLimit", "raised"],
        {
            "severity": string_enum("The alert level now in force.", ["none", "minor", "major"]),
            "since": ref("timestamp"),
            "speed": ref("speed"),
            "speedLimit": ref("speed"),
            "percentageAboveLimit": ref("percentageAboveLimit"),
            "raised": {"type": "boolean"},
        },
    ),
    "ui.lighting.v1": obj(
        "The lighting mode applied by navbus-lighting-controller and its theme.",
        ["appliedMode", "theme", "changedAt"],
        {
            "appliedMode": ref("lightingMode"),
            "theme": obj(
                "Navigation UI colours.",
                ["name", "primaryBackground", "secondaryBackground", "text", "accent"],
                {
                    "name": {"type": "string"},
                    "primaryBackground": ref("hexColour"),
                    "secondaryBackground": ref("hexColour"),
                    "text": ref("hexColour"),
                    "accent": ref("hexColour"),
                },
            ),
            "changedAt": ref("timestamp"),
        },
    ),
    "traffic.conditions.v1": obj(
        "A traffic provider's complete current set of conditions: receivers replace everything they hold from "
        "the provider with this list (an empty list withdraws them all).",
        ["provider", "conditions"],
        {
            "provider": {"type": "string", "minLength": 1},
            "conditions": {
                "type": "array",
                "items": obj(
                    "A condition on OpenStreetMap ways or on an area: exactly one of wayIds and area, and at least "
                    "one of speedFactor and incident.",
                    ["expiresAt"],
                    {
                        "id": {"type": "string"},
                        "wayIds": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1}},
                        "area": {
                            "oneOf": [
                                obj(
                                    "Every road within radiusMeters of center.",
                                    ["type", "center", "radiusMeters"],
                                    {
                                        "type": {"const": "circle"},
                                        "center": ref("coordinate"),
                                        "radiusMeters": number("Metres.", None, exclusiveMinimum=0),
                                    },
                                ),
                                obj(
                                    "Every road inside the box; west > east when it crosses the antimeridian.",
                                    ["type", "south", "west", "north", "east"],
                                    {
                                        "type": {"const": "boundingBox"},
                                        "south": ref("latitude"),
                                        "west": ref("longitude"),
                                        "north": ref("latitude"),
                                        "east": ref("longitude"),
                                    },
                                ),
                            ]
                        },
                        "speedFactor": number("Fraction of free-flow speed; 0 = impassable.", 0, maximum=1),
                        "incident": string_enum(
                            "What happened.",
                            ["accident", "roadworks", "closure", "congestion", "hazard", "weather", "event", "other"],
                        ),
                        "expiresAt": ref("timestamp"),
                        "description": {"type": "string"},
                    },
                    oneOf=[{"required": ["wayIds"]}, {"required": ["area"]}],
                    anyOf=[{"required": ["speedFactor"]}, {"required": ["incident"]}],
                ),
            },
        },
    ),
    "sys.heartbeat.v1": obj(
        "A process is alive; every process publishes one a second.",
        ["process", "instance", "version", "pid", "uptimeSeconds", "counters"],
        {
            "process": {"type": "string", "minLength": 1},
            "instance": {"type": "string", "minLength": 1},
            "version": {"type": "string"},
            "pid": {"type": "integer", "minimum": 0, "maximum": 2147483647},
            "uptimeSeconds": ref("seconds"),
            "counters": {
                "type": "object",
                "description": "Message counters since start; sent, received, dropped and malformed always, "
                "others (unknownTopic, sequenceGaps, wrongVersion, oversize) when the process counts them.",
                "required": ["sent", "received", "dropped", "malformed"],
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 18446744073709551615},
            },
        },
    ),
}

PRODUCERS = {
    "gps.fix.v1": "navbus-feeder",
    "alert.speeding.v1": "navbus-speeding-alerter",
    "ui.lighting.v1": "navbus-lighting-controller",
    "traffic.conditions.v1": "any traffic provider",
    "sys.heartbeat.v1": "every process",
}

# Methods ---------------------------------------------------------------------------------------------


def params(description: str, required: list[str] | None = None, properties: dict | None = None, **extra) -> dict:
    return obj(description, required or [], {"vehicle": ref("vehicle"), **(properties or {})}, **extra)


WAYPOINTS_1_25 = {"type": "array", "minItems": 1, "maxItems": 25, "items": ref("waypoint")}
SNAPPED_WAYPOINTS = {
    "type": "array",
    "description": "Every waypoint where it joined the road network, origin first. A waypoint more than 500 m "
    "from every road the travel mode may use is refused (waypointError; locationUnavailable for the vehicle's "
    "own position).",
    "items": ref("snappedWaypoint"),
}
VEHICLE_ONLY = "Only the optional vehicle. params may also be omitted."

METHODS: dict[str, tuple[str, dict, dict]] = {
    "navigator.setDestinations": (
        "Plan a trip from the vehicle's location through 1..25 waypoints and make it the route.",
        params(
            "The trip.",
            ["waypoints"],
            {
                "waypoints": WAYPOINTS_1_25,
                "routingOptions": obj(
                    "Per-trip options; absent ones fall back to the navigator's configuration.",
                    [],
                    {
                        "alternateRoutesStrategy": ref("alternateRoutesStrategy"),
                        "travelMode": ref("travelMode"),
                        "avoidsHighways": {"type": "boolean"},
                        "avoidsTolls": {"type": "boolean"},
                        "avoidsFerries": {"type": "boolean"},
                    },
                ),
            },
        ),
        obj(
            "The routing outcome.",
            ["routeStatus"],
            {
                "routeStatus": ref("routeStatus"),
                "message": {"type": "string", "description": "Why the trip could not be planned, for people."},
                "waypoints": SNAPPED_WAYPOINTS,
                "violatedAvoids": {"type": "array", "items": ref("avoidableRoad")},
            },
        ),
    ),
    "navigator.continueToNextDestination": (
        "After arriving at an intermediate waypoint, move on to the next one.",
        params(VEHICLE_ONLY),
        obj(
            "The routing outcome (noWaypointsError when no destination is left) and the new destination.",
            ["routeStatus"],
            {"routeStatus": ref("routeStatus"), "nextDestination": ref("waypoint")},
        ),
    ),
    "navigator.clearDestinations": (
        "Drop the route and stop guidance.",
        params(VEHICLE_ONLY),
        obj("Success.", ["ok"], {"ok": {"const": True}}),
    ),
    "navigator.setGuidanceActive": (
        "Start or pause turn-by-turn guidance on the current route.",
        params("Whether to guide.", ["active"], {"active": {"type": "boolean"}}),
        obj("The guidance state.", ["guidanceActive"], {"guidanceActive": {"type": "boolean"}}),
    ),
    "navigator.configure": (
        "Change some of a vehicle's navigator options; the result is the whole configuration after the change.",
        params(
            "Options to change; absent ones keep their value.",
            [],
            {
                **NAVIGATOR_OPTIONS,
                "speedAlertOptions": obj(
                    "Speed-alert thresholds to change; absent ones keep their value.",
                    [],
                    {
                        "minorPercentage": number("Percent."),
                        "majorPercentage": number("Percent."),
                        "severityUpgradeDurationSeconds": number("Seconds."),
                    },
                ),
            },
        ),
        ref("navigatorConfiguration"),
    ),
    "navigator.getState": (
        "A snapshot of the vehicle's navigation session.",
        params(VEHICLE_ONLY),
        obj(
            "The session.",
            ["vehicle", "guidanceActive", "navState", "updatingLocation", "routeLegs", "configuration"],
            {
                "vehicle": {"type": "string"},
                "guidanceActive": {"type": "boolean"},
                "navState": ref("navState"),
                "updatingLocation": {"type": "boolean"},
                "routeLegs": {"type": "array", "items": ref("routeLeg")},
                "currentRouteLeg": ref("routeLeg"),
                "currentRouteLegIndex": {"type": "integer", "minimum": 0},
                "timeToNextDestinationSeconds": ref("seconds"),
                "distanceToNextDestinationMeters": ref("meters"),
                "delayCategoryToNextDestination": ref("delayCategory"),
                "lastLocation": ref("snappedLocation"),
                "configuration": ref("navigatorConfiguration"),
            },
        ),
    ),
    "roadSnappedLocationProvider.startUpdatingLocation": (
        "Publish nav.location.v1 for the vehicle even without guidance.",
        params(VEHICLE_ONLY),
        obj("Whether locations are published.", ["updatingLocation"], {"updatingLocation": {"type": "boolean"}}),
    ),
    "roadSnappedLocationProvider.stopUpdatingLocation": (
        "Stop publishing nav.location.v1 while not guiding.",
        params(VEHICLE_ONLY),
        obj("Whether locations are published.", ["updatingLocation"], {"updatingLocation": {"type": "boolean"}}),
    ),
    "router.route": (
        "A stateless route query; the vehicle's session does not change.",
        params(
            "The query. vehicle only selects whose configuration fills in absent options.",
            ["waypoints"],
            {
                "waypoints": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 26,
                    "items": ref("waypoint"),
                    "description": "The origin, then up to 25 destinations.",
                },
                "travelMode": ref("travelMode"),
                "avoidsHighways": {"type": "boolean"},
                "avoidsTolls": {"type": "boolean"},
                "avoidsFerries": {"type": "boolean"},
                "alternateRoutesStrategy": ref("alternateRoutesStrategy"),
                "departureTime": {
                    "type": "string",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$",
                    "description": "When the trip sets off, in the map's local time without a zone (as Valhalla's "
                    "date_time): turn restrictions signed for some hours bind the route when in force then. "
                    "Absent: now, by the navigator's clock when its TZ is set; otherwise such restrictions always bind.",
                },
            },
        ),
        obj(
            "The routing outcome and the routes, best first (empty unless routeStatus is OK).",
            ["routeStatus", "routes"],
            {
                "routeStatus": ref("routeStatus"),
                "routes": {"type": "array", "items": ref("route")},
                "message": {"type": "string", "description": "Why no route was found, for people."},
                "waypoints": SNAPPED_WAYPOINTS,
            },
        ),
    ),
    "locationSimulator.simulateLocationsAlongExistingRoute": (
        "Drive the vehicle along its current route (the feeder learns it from nav.route_changed.v1).",
        params(VEHICLE_ONLY),
        ref("simulatorStatus"),
    ),
    "locationSimulator.simulateLocation": (
        "Stop any drive and hold the vehicle at one place.",
        params(
            "Where to hold the vehicle.",
            ["latitude", "longitude"],
            {"latitude": ref("latitude"), "longitude": ref("longitude")},
        ),
        ref("simulatorStatus"),
    ),
    "locationSimulator.stopSimulation": (
        "Stop producing simulated fixes.",
        params(VEHICLE_ONLY),
        ref("simulatorStatus"),
    ),
    "locationSimulator.configure": (
        "Change how the simulator drives; absent fields keep their value.",
        params(
            "Simulator options to change.",
            [],
            {
                "speedMultiplier": number("Times real time.", None, exclusiveMinimum=0, maximum=1000),
                "paused": {"type": "boolean"},
                "jitterMeters": number("Standard deviation of the position noise in metres.", 0, maximum=1000),
                "speedProfile": ref("speedProfile"),
                "leaveRouteAtMeters": number("Metres along the route; negative turns it off.", None),
            },
        ),
        ref("simulatorStatus"),
    ),
}

# Assembly --------------------------------------------------------------------------------------------


def referenced(schema: object) -> set[str]:
    """Names of the definitions `schema` refers to, transitively."""
    found: set[str] = set()
    pending = [schema]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            target = node.get("$ref")
            if isinstance(target, str) and target.startswith("#/definitions/"):
                name = target.removeprefix("#/definitions/")
                if name not in found and name in DEFINITIONS:
                    found.add(name)
                    pending.append(DEFINITIONS[name])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return found


def with_definitions(schema: dict, extra: dict | None = None) -> dict:
    used = referenced([schema, extra or {}])
    definitions = dict(extra or {})
    definitions.update({name: copy.deepcopy(DEFINITIONS[name]) for name in sorted(used)})
    if definitions:
        schema["definitions"] = definitions
    return schema


def topic_schema(topic: str) -> dict:
    body = copy.deepcopy(TOPICS[topic])
    description = body.pop("description")
    head = {
        "$schema": DRAFT_07,
        "$id": f"topics/{topic}.schema.json",
        "title": topic,
        "description": f"Payload (the envelope's data) of {topic}, published by "
        f"{PRODUCERS.get(topic, 'navbus-navigator')}. {description}",
    }
    return with_definitions({**head, **body})


def method_schema(method: str) -> dict:
    summary, params_schema, result_schema = METHODS[method]
    schema = {
        "$schema": DRAFT_07,
        "$id": f"methods/{method}.schema.json",
        "title": method,
        "description": f"{summary} JSON-RPC 2.0; definitions.params is the request's params object, "
        "definitions.result the response's result.",
    }
    return with_definitions(schema, {"params": params_schema, "result": result_schema})


ENVELOPE = {
    "$schema": DRAFT_07,
    "$id": "envelope.schema.json",
    "title": "navbus message envelope",
    "description": "The second frame of every bus message: a CloudEvents 1.0 event in structured JSON mode. "
    "The first frame is the topic name, which equals type without the navbus. prefix.",
    "type": "object",
    "required": [
        "specversion",
        "id",
        "source",
        "type",
        "time",
        "subject",
        "datacontenttype",
        "dataschema",
        "sequence",
        "data",
    ],
    "properties": {
        "specversion": {"const": "1.0"},
        "id": {"type": "string", "minLength": 1, "description": "Unique per source."},
        "source": {
            "type": "string",
            "minLength": 1,
            "format": "uri-reference",
            "description": "The publishing process, e.g. navbus://navigator/<instance>.",
        },
        "type": {
            "type": "string",
            "pattern": "^navbus\\.[a-z_]+(\\.[a-z_]+)*\\.v[0-9]+$",
            "description": "navbus. followed by the topic name, e.g. navbus.nav.arrival.v1.",
        },
        "time": {
            "type": "string",
            "format": "date-time",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$",
            "description": "When the event was published, RFC 3339 in UTC.",
        },
        "subject": {"type": "string", "minLength": 1, "description": "The vehicle id; \"default\" with one vehicle."},
        "datacontenttype": {"const": "application/json"},
        "dataschema": {
            "type": "string",
            "pattern": "^topics/[a-z_]+(\\.[a-z_]+)*\\.v[0-9]+\\.schema\\.json$",
            "description": "The payload schema's path under Protocols/, topics/<topic>.schema.json.",
        },
        "sequence": {
            "type": "integer",
            "minimum": 0,
            "description": "Counter of the stream (source, topic, subject): one more for each message the source publishes on that topic about that subject, so a receiver of a topic can count what it lost. Duplicates are recognised by (source, id), never by sequence.",
        },
        "data": {"type": "object", "description": "The payload, as the topic's schema describes it."},
    },
    "additionalProperties": True,
}

JSONRPC = {
    "$schema": DRAFT_07,
    "$id": "jsonrpc.schema.json",
    "title": "navbus control API messages (JSON-RPC 2.0)",
    "description": "One JSON-RPC 2.0 object per ZeroMQ message (no batches). params are always by name (an "
    "object); each method's params and result are in methods/<method>.schema.json.",
    "oneOf": [
        {"$ref": "#/definitions/request"},
        {"$ref": "#/definitions/response"},
        {"$ref": "#/definitions/errorResponse"},
    ],
    "definitions": {
        "id": {
            "type": ["string", "integer", "null"],
            "description": "Chosen by the client, echoed by the server; null in an error response when the "
            "request's id could not be read.",
        },
        "request": {
            "type": "object",
            "required": ["jsonrpc", "method"],
            "properties": {
                "jsonrpc": {"const": "2.0"},
                "method": {"type": "string", "minLength": 1},
                "params": {"type": "object"},
                "id": {"$ref": "#/definitions/id"},
            },
            "additionalProperties": False,
            "description": "A call; without id it is a notification and gets no response.",
        },
        "response": {
            "type": "object",
            "required": ["jsonrpc", "result", "id"],
            "properties": {"jsonrpc": {"const": "2.0"}, "result": {}, "id": {"$ref": "#/definitions/id"}},
            "additionalProperties": False,
        },
        "errorResponse": {
            "type": "object",
            "required": ["jsonrpc", "error", "id"],
            "properties": {
                "jsonrpc": {"const": "2.0"},
                "error": {"$ref": "#/definitions/error"},
                "id": {"$ref": "#/definitions/id"},
            },
            "additionalProperties": False,
        },
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"$ref": "#/definitions/errorCode"},
                "message": {"type": "string", "description": "One sentence for people."},
                "data": {"description": "More detail, e.g. which parameter was wrong."},
            },
            "additionalProperties": False,
        },
        "errorCode": {
            "type": "integer",
            "description": "A JSON-RPC error code. Routing outcomes are not errors: they are the result's "
            "routeStatus.",
            "anyOf": [
                {"const": -32700, "title": "Parse error", "description": "The message is not valid JSON."},
                {"const": -32600, "title": "Invalid Request", "description": "Valid JSON but not a request object."},
                {"const": -32601, "title": "Method not found", "description": "No such method on this server."},
                {"const": -32602, "title": "Invalid params", "description": "params do not match the method's schema."},
                {"const": -32603, "title": "Internal error", "description": "The server failed unexpectedly."},
                {
                    "const": -32010,
                    "title": "Not authorized",
                    "description": "CURVE bus: the caller's key may not call this method, or not for this vehicle "
                    "(its ACL entry's call patterns and vehicles), or it was removed from the ACL.",
                },
                {
                    "minimum": -32099,
                    "maximum": -32000,
                    "title": "Server error",
                    "description": "Reserved for implementation-defined server errors.",
                },
            ],
        },
    },
}


def channel_id(topic: str) -> str:
    words = re.split(r"[._]", topic.removesuffix(".v1"))
    return words[0] + "".join(word[:1].upper() + word[1:] for word in words[1:])


def quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON string syntax is valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def asyncapi() -> str:
    lines = [
        "# Generated by Protocols/tools/generate.py; edit that script, not this file.",
        "asyncapi: 3.0.0",
        "info:",
        "  title: navbus",
        "  version: 1.0.0",
        "  description: |",
        "    The navbus event bus: a turn-by-turn navigation engine as processes on a ZeroMQ bus.",
        "",
        "    Publishers connect a PUB socket to the proxy's XSUB endpoint (`publisher` server); subscribers",
        "    connect a SUB socket to its XPUB endpoint (`subscriber` server) and subscribe by topic prefix.",
        "    The proxy keeps the last message of each (topic, subject) and sends it to a new subscriber.",
        "",
        "    ZeroMQ binding: every message is two frames.",
        "    1. The channel address (the topic name, ASCII), e.g. `nav.arrival.v1`. Names end in `.v<major>`,",
        "       so a prefix subscription to `nav.speeding.` matches only that event and `nav.` all navigator",
        "       events. Receivers compare this frame exactly after the prefix filter.",
        "    2. One UTF-8 JSON object: a CloudEvents 1.0 event in structured mode (`envelope.schema.json`).",
        "       Its `type` is `navbus.<topic>`, its `subject` the vehicle id, its `dataschema` the payload",
        "       schema's path, its `sequence` a counter per (source, topic, subject), and its `data` the payload described",
        "       by each message below.",
        "",
        "    Versioning: within a major version, changes are additive and optional; receivers ignore",
        "    unknown fields. A breaking change is a new topic `....v2`, published beside v1 for a while.",
        "    Units are SI; coordinates WGS84 degrees; geometry GeoJSON LineStrings; times RFC 3339 UTC.",
        "",
        "    The control API (JSON-RPC 2.0 over ZeroMQ ROUTER sockets, `navigator` and `feeder` servers) is",
        "    described by `jsonrpc.schema.json` and `methods/`.",
        "defaultContentType: application/json",
        "servers:",
    ]
    servers = [
        ("publisher", "127.0.0.1:5560", "NAVBUS_PUB_ENDPOINT: the proxy's XSUB socket; publishers connect PUB."),
        ("subscriber", "127.0.0.1:5561", "NAVBUS_SUB_ENDPOINT: the proxy's XPUB socket; subscribers connect SUB."),
        ("navigator", "127.0.0.1:5562", "NAVBUS_NAVIGATOR_ENDPOINT: navigator control, JSON-RPC 2.0 (ROUTER)."),
        ("feeder", "127.0.0.1:5563", "NAVBUS_FEEDER_ENDPOINT: simulator control, JSON-RPC 2.0 (ROUTER)."),
    ]
    for name, host, description in servers:
        lines += [f"  {name}:", f"    host: '{host}'", "    protocol: zmq",
                  f"    description: {quoted(description)}"]
    lines.append("channels:")
    for topic in TOPICS:
        cid = channel_id(topic)
        lines += [
            f"  {cid}:",
            f"    address: {topic}",
            f"    description: {quoted(topic + ', published by ' + PRODUCERS.get(topic, 'navbus-navigator') + '.')}",
            "    messages:",
            f"      {cid}:",
            f"        $ref: '#/components/messages/{cid}'",
            "    servers:",
            "      - $ref: '#/servers/publisher'",
            "      - $ref: '#/servers/subscriber'",
        ]
    lines.append("operations:")
    for topic in TOPICS:
        cid = channel_id(topic)
        upper = cid[:1].upper() + cid[1:]
        producer = PRODUCERS.get(topic, "navbus-navigator")
        for action, verb, summary in (
            ("send", "publish", f"{producer} publishes {topic}."),
            ("receive", "receive", f"A subscriber receives {topic}."),
        ):
            lines += [
                f"  {verb}{upper}:",
                f"    action: {action}",
                f"    summary: {quoted(summary)}",
                "    channel:",
                f"      $ref: '#/channels/{cid}'",
                "    messages:",
                f"      - $ref: '#/channels/{cid}/messages/{cid}'",
            ]
    lines += ["components:", "  messages:"]
    for topic in TOPICS:
        cid = channel_id(topic)
        lines += [
            f"    {cid}:",
            f"      name: {topic}",
            f"      title: {topic}",
            "      contentType: application/json",
            "      payload:",
            f"        $ref: './topics/{topic}.schema.json'",
            f"      description: {quoted(f'The payload (data) of {topic}; a full envelope: examples/{topic}.json.')}",
        ]
    return "\n".join(lines) + "\n"


PATTERNS = {"type": "array", "items": {"type": "string"}}

ACL = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "acl.schema.json",
    "title": "navbus access control list (--acl FILE, NAVBUS_ACL)",
    "description": "The clients a CURVE proxy or control server lets in, by public key, and what each may do. "
    "Topic and method patterns are prefixes (a trailing * means the same); a vehicle is an exact id, or a prefix "
    "when it ends in *. What an entry does not grant is refused. Re-read on change and on SIGHUP.",
    "type": "object",
    "required": ["clients"],
    "properties": {
        "$schema": {"type": "string"},
        "clients": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "key"],
                "properties": {
                    "name": {"type": "string", "minLength": 1, "description": "Unique; used in logs and "
                             "in the default source prefix navbus://<name>/."},
                    "key": {"type": "string", "pattern": "^[0-9a-zA-Z.:+=^!/*?&<>()\\[\\]{}@%$#-]{40}$",
                            "description": "The client's Z85 public key: the line of its NAME.pub."},
                    "publish": {**PATTERNS, "description": "Topic prefixes it may publish, e.g. [\"gps.\"]."},
                    "subscribe": {**PATTERNS, "description": "Topic prefixes it may receive, e.g. [\"nav.\", \"sys.\"]."},
                    "call": {**PATTERNS, "description": "JSON-RPC method prefixes it may call, e.g. "
                             "[\"navigator.getState\"]."},
                    "vehicles": {
                        "type": "array",
                        "items": {"type": "string", "minLength": 1, "pattern": "^[^\\[\\]]+$"},
                        "description": "The vehicles (envelope subject, RPC vehicle) it may publish about, receive "
                        "and control; absent means all. A client with vehicles subscribes on the proxy's "
                        "vehicle-scoped endpoint and receives topic frames such as nav.location.v1[car-1]. "
                        "Heartbeats and traffic conditions are about no vehicle and are not limited.",
                    },
                    "sources": {**PATTERNS, "description": "CloudEvents source prefixes its messages may carry; "
                                "default navbus://<name>/. The proxy drops anything else (sourceRejected)."},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}


def outputs() -> dict[pathlib.Path, str]:
    """Every generated file and its content."""
    files: dict[pathlib.Path, str] = {}

    def put(relative: str, schema: dict) -> None:
        files[ROOT / relative] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"

    for topic in TOPICS:
        put(f"topics/{topic}.schema.json", topic_schema(topic))
    for method in METHODS:
        put(f"methods/{method}.schema.json", method_schema(method))
    put("envelope.schema.json", ENVELOPE)
    put("jsonrpc.schema.json", JSONRPC)
    put("acl.schema.json", ACL)
    files[ROOT / "asyncapi.yaml"] = asyncapi()
    return files


def main() -> int:
    for path, content in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
