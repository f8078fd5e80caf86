import NavCore
import Foundation
import NavMap

/// A metric-independent contraction order for the turn graph by nested dissection on geometry: a part
/// is cut across the best of four directions (east, north and the two diagonals, as in inertial flow)
/// where the fewest arcs touch the other side, the arcs of one side that touch the other form the
/// separator, which is ranked above both halves, and the halves are dissected in turn. Small separators near the top
/// keep the hierarchy's search spaces and customization cheap; arcs of one road lie together, so the
/// two arcs of a segment usually fall into the same part.
enum NestedDissectionOrder {
    /// Parts at most this large are ranked as they are.
    static let leafSize = 8

    /// Arcs from first contracted to last.
    static func order(graph: RoadGraph) -> [UInt32] {
        let n = graph.arcCount
        guard n > 0 else { return [] }
        let meanLatitude = graph.latitudes.reduce(0, +) / Double(max(1, graph.nodeCount))
        let stretch = cos(meanLatitude * .pi / 180)
        var x = [Float](repeating: 0, count: n)
        var y = [Float](repeating: 0, count: n)
        for arc in 0..<n {
            let a = Int(graph.tail(ofArc: arc))
            let b = Int(graph.head(ofArc: arc))
            x[arc] = Float((graph.longitudes[a] + graph.longitudes[b]) * 0.5 * stretch)
            y[arc] = Float((graph.latitudes[a] + graph.latitudes[b]) * 0.5)
        }
        var ordering = Dissection(graph: graph, x: x, y: y)
        return ordering.run()
    }

    private struct Dissection {
        let graph: RoadGraph
        let x: [Float]
        let y: [Float]
        /// Vertices of the current parts; each part is a contiguous range.
        var members: [UInt32]
        var key: [Float]
        var bucketOf: [Int32]
        /// Which side a vertex is on during one split (a stamp per split).
        var side: [UInt32]
        var stamp: UInt32 = 0
        var ranked: [UInt32]
        /// Arcs joined to each arc by a possible turn either way, flattened for the inner loops.
        let adjacencyOffsets: [UInt32]
        let adjacency: [UInt32]
        var nextRank: Int
        let unusable: [UInt32]

        init(graph: RoadGraph, x: [Float], y: [Float]) {
            self.graph = graph
            self.x = x
            self.y = y
            let n = graph.arcCount
            // Arcs nobody may use take no turn; they are ranked lowest and left out of the dissection.
            unusable = (0..<UInt32(n)).filter { graph.arcModes[Int($0)] == 0 }
            members = (0..<UInt32(n)).filter { graph.arcModes[Int($0)] != 0 }
            key = [Float](repeating: 0, count: n)
            bucketOf = [Int32](repeating: 0, count: n)
            side = [UInt32](repeating: 0, count: n)
            ranked = [UInt32](repeating: 0, count: n)
            var offsets = [UInt32](repeating: 0, count: n + 1)
            var adjacency: [UInt32] = []
            adjacency.reserveCapacity(6 * n)
            for arc in 0..<n {
                if graph.arcModes[arc] != 0 {
                    adjacency.append(contentsOf: graph.outgoingArcs(ofNode: Int(graph.head(ofArc: arc))))
                    adjacency.append(contentsOf: graph.incomingArcs(ofNode: Int(graph.tail(ofArc: arc))))
                }
                offsets[arc + 1] = UInt32(adjacency.count)
            }
            adjacencyOffsets = offsets
            self.adjacency = adjacency
            nextRank = n
        }

        mutating func run() -> [UInt32] {
            var parts: [Range<Int>] = [0..<members.count]
            while let part = parts.popLast() {
                if part.count <= NestedDissectionOrder.leafSize {
                    assignTop(part)
                    continue
                }
                let (low, high) = split(part)
                parts.append(low)
                parts.append(high)
            }
            for (rank, arc) in unusable.enumerated() { ranked[rank] = arc }
            return ranked
        }

        /// Gives the vertices in `range` the highest ranks not yet given.
        private mutating func assignTop(_ range: Range<Int>) {
            nextRank -= range.count
            for (offset, index) in range.enumerated() { ranked[nextRank + offset] = members[index] }
        }

        /// Splits `part`, ranks its separator and returns the two halves still to dissect.
        ///
        /// For each direction the part is bucketed along it and, in one pass over the turns, the size of the
        /// separator for every cut between buckets is counted (a vertex is in the separator of each cut
        /// between its own bucket and its farthest neighbour's); the smallest separator whose cut leaves at
        /// least a quarter on each side wins. Road networks have such narrow places — between the
        /// neighbourhoods, where only a few roads cross — and a cut at the plain median would miss them.
        private mutating func split(_ part: Range<Int>) -> (Range<Int>, Range<Int>) {
            stamp &+= 1
            let memberStamp = stamp
            for index in part { side[Int(members[index])] = memberStamp }
            let bucketCount = min(1024, max(4, part.count / 8))
            var best: (size: Int, direction: Int, cut: Int, lowSide: Bool)?
            var low = [Int32](repeating: 0, count: bucketCount + 1)
            var high = [Int32](repeating: 0, count: bucketCount + 1)
            var count = [Int32](repeating: 0, count: bucketCount)
            for direction in 0..<4 {
                bucket(part, direction: direction, bucketCount: bucketCount)
                for i in 0...bucketCount { (low[i], high[i]) = (0, 0) }
                for i in 0..<bucketCount { count[i] = 0 }
                for index in part {
                    let v = Int(members[index])
                    let own = Int(bucketOf[v])
                    count[own] += 1
                    var farthestUp = own
                    var farthestDown = own
                    for k in Int(adjacencyOffsets[v])..<Int(adjacencyOffsets[v + 1]) {
                        let u = Int(adjacency[k])
                        guard side[u] == memberStamp else { continue }
                        let b = Int(bucketOf[u])
                        farthestUp = max(farthestUp, b)
                        farthestDown = min(farthestDown, b)
                    }
                    if farthestUp > own {
                        low[own] += 1
                        low[farthestUp] -= 1
                    }
                    if farthestDown < own {
                        high[farthestDown] += 1
                        high[own] -= 1
                    }
                }
                var lowSize = 0
                var highSize = 0
                var below = 0
                for cut in 0..<(bucketCount - 1) {
                    lowSize += Int(low[cut])
                    highSize += Int(high[cut])
                    below += Int(count[cut])
                    guard 4 * below >= part.count, 4 * below <= 3 * part.count else { continue }
                    let size = min(lowSize, highSize)
                    if best == nil || size < best!.size {
                        best = (size, direction, cut, lowSize <= highSize)
                    }
                }
            }
            guard let best else { return splitAtMedian(part) }
            bucket(part, direction: best.direction, bucketCount: bucketCount)
            var boundary = part.lowerBound
            for index in part where Int(bucketOf[Int(members[index])]) <= best.cut {
                members.swapAt(boundary, index)
                boundary += 1
            }
            return separate(part, middle: boundary, lowSide: best.lowSide)
        }

        private mutating func bucket(_ part: Range<Int>, direction: Int, bucketCount: Int) {
            var lowest = Float.greatestFiniteMagnitude
            var highest = -Float.greatestFiniteMagnitude
            for index in part {
                let k = value(Int(members[index]), direction)
                lowest = min(lowest, k)
                highest = max(highest, k)
            }
            let scale = highest > lowest ? Float(bucketCount) / (highest - lowest) : 0
            for index in part {
                let v = Int(members[index])
                bucketOf[v] = Int32(min(bucketCount - 1, max(0, Int((value(v, direction) - lowest) * scale))))
            }
        }

        /// The fallback when every vertex of the part lies at one place: halves by position.
        private mutating func splitAtMedian(_ part: Range<Int>) -> (Range<Int>, Range<Int>) {
            let middle = part.lowerBound + part.count / 2
            partition(part, middle: middle, direction: 0)
            let (lowSize, highSize) = separatorSizes(part, middle: middle)
            return separate(part, middle: middle, lowSide: lowSize <= highSize)
        }

        /// Ranks the vertices of one side that touch the other (the separator) and returns what is left.
        private mutating func separate(_ part: Range<Int>, middle: Int, lowSide: Bool) -> (Range<Int>, Range<Int>) {
            stamp &+= 1
            let other = lowSide ? middle..<part.upperBound : part.lowerBound..<middle
            for index in other { side[Int(members[index])] = stamp }
            let own = lowSide ? part.lowerBound..<middle : middle..<part.upperBound
            var keep = own.lowerBound
            for index in own where !touchesMarked(Int(members[index])) {
                members.swapAt(keep, index)
                keep += 1
            }
            assignTop(keep..<own.upperBound)
            return lowSide
                ? (part.lowerBound..<keep, middle..<part.upperBound) : (part.lowerBound..<middle, middle..<keep)
        }

        private func value(_ vertex: Int, _ direction: Int) -> Float {
            switch direction {
            case 0: return x[vertex]
            case 1: return y[vertex]
            case 2: return x[vertex] + y[vertex]
            default: return x[vertex] - y[vertex]
            }
        }

        /// Reorders `part` so that every vertex before `middle` lies no further along `direction` than any
        /// vertex after it (quickselect).
        private mutating func partition(_ part: Range<Int>, middle: Int, direction: Int) {
            for index in part { key[index] = value(Int(members[index]), direction) }
            var low = part.lowerBound
            var high = part.upperBound - 1
            while low < high {
                let pivot = key[(low + high) / 2]
                var i = low
                var j = high
                while i <= j {
                    while key[i] < pivot { i += 1 }
                    while key[j] > pivot { j -= 1 }
                    if i <= j {
                        key.swapAt(i, j)
                        members.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if middle <= j {
                    high = j
                } else if middle >= i {
                    low = i
                } else {
                    break
                }
            }
        }

        /// How many vertices of each side touch the other side.
        private mutating func separatorSizes(_ part: Range<Int>, middle: Int) -> (Int, Int) {
            stamp &+= 1
            for index in middle..<part.upperBound { side[Int(members[index])] = stamp }
            var low = 0
            for index in part.lowerBound..<middle where touchesMarked(Int(members[index])) { low += 1 }
            stamp &+= 1
            for index in part.lowerBound..<middle { side[Int(members[index])] = stamp }
            var high = 0
            for index in middle..<part.upperBound where touchesMarked(Int(members[index])) { high += 1 }
            return (low, high)
        }

        /// Whether a turn joins `arc` to a vertex marked with the current stamp (in either direction; the
        /// graph's own adjacency is a superset of the turns, so the separator is a true one).
        private func touchesMarked(_ arc: Int) -> Bool {
            for k in Int(adjacencyOffsets[arc])..<Int(adjacencyOffsets[arc + 1]) where side[Int(adjacency[k])] == stamp {
                return true
            }
            return false
        }
    }
}
