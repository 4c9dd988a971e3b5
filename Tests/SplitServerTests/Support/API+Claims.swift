import Foundation
import HTTPTypes
@testable import SplitServer

/// Helpers for member claims and preferences: invite codes, joins and group revisions.
extension API {
    /// The group's invite code, as its owner lists it.
    func inviteCode(_ token: String, group: String) async throws -> String {
        let groups = try await call(.get, "/api/groups", token: token)
        for item in groups.json["groups"].arrayValue ?? [] where item["id"]?.stringValue == group {
            if let code = item["invite_code"]?.stringValue { return code }
        }
        throw HarnessError("no invite code for \(group): \(groups)")
    }

    /// `POST /api/groups/join`, with `memberName` when given.
    func join(_ token: String, code: String, memberName: String? = nil) async throws -> Reply {
        let name = memberName.map { #","memberName":"\#($0)""# } ?? ""
        return try await call(.post, "/api/groups/join", token: token, json: #"{"inviteCode":"\#(code)"\#(name)}"#)
    }

    /// The group's revision, from the members listing's ETag.
    func revision(_ token: String, group: String) async throws -> Int64 {
        let reply = try await call(.get, "/api/groups/\(group)/members", token: token)
        guard reply.status == .ok, let tag = reply.headers[.eTag], let revision = Int64(tag.filter(\.isNumber)) else {
            throw HarnessError("no revision: \(reply)")
        }
        return revision
    }

    func claim(_ token: String, group: String, member: String) async throws -> Reply {
        try await call(.put, "/api/groups/\(group)/members/\(member)/claim", token: token)
    }

    func release(_ token: String, group: String, member: String) async throws -> Reply {
        try await call(.delete, "/api/groups/\(group)/members/\(member)/claim", token: token)
    }
}
