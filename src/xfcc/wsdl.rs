//! The service description served at `/xfcc?wsdl`: self-contained (no
//! imported schema), its address the configured public address, so WSDL
//! clients (Lucas Chess's suds, zeep) find every operation and type here.

use quick_xml::escape::escape;

use super::NAMESPACE;
use super::result::MoveResult;

/// The game fields in the order `games::write_games` writes them, with
/// their XML Schema types.
const GAME_FIELDS: [(&str, &str); 26] = [
    ("id", "int"),
    ("white", "string"),
    ("black", "string"),
    ("event", "string"),
    ("site", "string"),
    ("eventDate", "string"),
    ("round", "string"),
    ("board", "string"),
    ("myTurn", "boolean"),
    ("hasWhite", "boolean"),
    ("daysPlayer", "int"),
    ("hoursPlayer", "int"),
    ("minutesPlayer", "int"),
    ("daysOpponent", "int"),
    ("hoursOpponent", "int"),
    ("minutesOpponent", "int"),
    ("moves", "string"),
    ("drawOffered", "boolean"),
    ("result", "string"),
    ("timeControl", "string"),
    ("setup", "boolean"),
    ("fen", "string"),
    ("variant", "string"),
    ("message", "string"),
    ("serverInfo", "string"),
    ("gameLink", "string"),
];

/// `MakeAMove`'s fields in the order clients send them.
const MOVE_FIELDS: [(&str, &str); 10] = [
    ("username", "string"),
    ("password", "string"),
    ("gameId", "int"),
    ("resign", "boolean"),
    ("acceptDraw", "boolean"),
    ("movecount", "int"),
    ("myMove", "string"),
    ("offerDraw", "boolean"),
    ("claimDraw", "boolean"),
    ("myMessage", "string"),
];

fn sequence(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(name, ty)| {
            format!(r#"<s:element minOccurs="0" maxOccurs="1" name="{name}" type="s:{ty}"/>"#)
        })
        .collect()
}

/// The WSDL, with `address` (the public URL of `/xfcc`) as the service's.
pub fn wsdl(address: &str) -> String {
    let address = escape(address);
    let game = sequence(&GAME_FIELDS);
    let login = sequence(&MOVE_FIELDS[..2]);
    let make_a_move = sequence(&MOVE_FIELDS);
    let results: String = MoveResult::ALL
        .iter()
        .map(|r| format!(r#"<s:enumeration value="{}"/>"#, r.code()))
        .collect();
    let ops = ["GetMyGames", "MakeAMove"];
    let messages: String = ops
        .iter()
        .map(|op| {
            format!(
                r#"<wsdl:message name="{op}SoapIn"><wsdl:part name="parameters" element="tns:{op}"/></wsdl:message><wsdl:message name="{op}SoapOut"><wsdl:part name="parameters" element="tns:{op}Response"/></wsdl:message>"#
            )
        })
        .collect();
    let port_ops: String = ops
        .iter()
        .map(|op| {
            format!(
                r#"<wsdl:operation name="{op}"><wsdl:input message="tns:{op}SoapIn"/><wsdl:output message="tns:{op}SoapOut"/></wsdl:operation>"#
            )
        })
        .collect();
    let binding_ops: String = ops
        .iter()
        .map(|op| {
            format!(
                r#"<wsdl:operation name="{op}"><soap:operation soapAction="{NAMESPACE}/{op}" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>"#
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="{NAMESPACE}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="{NAMESPACE}">
<wsdl:types><s:schema elementFormDefault="qualified" targetNamespace="{NAMESPACE}">
<s:element name="GetMyGames"><s:complexType><s:sequence>{login}</s:sequence></s:complexType></s:element>
<s:element name="GetMyGamesResponse"><s:complexType><s:sequence><s:element minOccurs="0" maxOccurs="1" name="GetMyGamesResult" type="tns:ArrayOfXfccGame"/></s:sequence></s:complexType></s:element>
<s:complexType name="ArrayOfXfccGame"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="XfccGame" type="tns:XfccGame"/></s:sequence></s:complexType>
<s:complexType name="XfccGame"><s:sequence>{game}</s:sequence></s:complexType>
<s:element name="MakeAMove"><s:complexType><s:sequence>{make_a_move}</s:sequence></s:complexType></s:element>
<s:element name="MakeAMoveResponse"><s:complexType><s:sequence><s:element minOccurs="1" maxOccurs="1" name="MakeAMoveResult" type="tns:MakeAMoveResult"/></s:sequence></s:complexType></s:element>
<s:simpleType name="MakeAMoveResult"><s:restriction base="s:string">{results}</s:restriction></s:simpleType>
</s:schema></wsdl:types>
{messages}
<wsdl:portType name="XfccBasicSoap">{port_ops}</wsdl:portType>
<wsdl:binding name="XfccBasicSoap" type="tns:XfccBasicSoap"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>{binding_ops}</wsdl:binding>
<wsdl:service name="XfccBasic"><wsdl:port name="XfccBasicSoap" binding="tns:XfccBasicSoap"><soap:address location="{address}"/></wsdl:port></wsdl:service>
</wsdl:definitions>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wsdl_names_its_address_and_both_operations() {
        let w = wsdl("https://chess.example.org/xfcc");
        assert!(w.contains(r#"<soap:address location="https://chess.example.org/xfcc"/>"#));
        assert!(
            w.contains(r#"soapAction="http://www.bennedik.com/webservices/XfccBasic/MakeAMove""#)
        );
        assert!(w.contains(r#"<s:enumeration value="MoveIsAmbigous"/>"#));
    }
}
