import GRDB
import SplitCore

/// A row of `trip_category` (``SchemaCategories``): one category of a trip, in listing order.
struct CategoryRecord: TableRecord {
    static let databaseTableName = "trip_category"

    enum Columns {
        static let tripID = Column("trip_id")
        static let name = Column("name")
        static let nameKey = Column("name_key")
        static let position = Column("position")
    }

    /// The trip's categories in listing order, as a fixed statement.
    static let ofTrip = "SELECT name FROM trip_category WHERE trip_id = :trip ORDER BY position, name_key"

    static func categories(_ db: Database, trip: TripID) throws -> TripCategories {
        TripCategories(try String.fetchAll(db, sql: ofTrip, arguments: ["trip": trip.rawValue]).map(Category.init(rawValue:)))
    }

    /// The trip's category `name` (any case).
    static func named(_ name: String, trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.nameKey == Category.key(for: name))
    }
}
